import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Invitable } from '@agora/contracts';
import { CalendarDot } from '../../calendars/index.ts';
import { dateText } from '../lib/appointment-text.ts';

type InvitableSummaryProps = {
  invitable: Invitable;
  /** The id of the heading, which names the card it stands in. */
  headingId: string;
  /** Badges beside the name (the invite's or the participation's status). */
  badges?: ReactNode;
};

/**
 * What an invite or a participation is about: name (a link while the appointment exists), date in
 * the reader's zone, series icon, location, calendars and the canceled marker.
 */
export function InvitableSummary({ invitable, headingId, badges }: InvitableSummaryProps) {
  const { t } = useTranslation('appointments');
  return (
    <Stack gap={4} miw={0}>
      <Group gap="xs" wrap="wrap" align="center">
        <Title order={2} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {invitable.path ? (
            <Anchor component={Link} to={invitable.path} inherit>
              {invitable.name}
            </Anchor>
          ) : (
            invitable.name
          )}
        </Title>
        {invitable.recurring && (
          <Text span c="dimmed" lh={0} role="img" aria-label={t('invites.recurring')} title={t('invites.recurring')}>
            <IconRepeat size={16} aria-hidden />
          </Text>
        )}
        {invitable.canceled && (
          <Badge color="red.9" variant="filled" size="sm">
            {t('invites.canceled')}
          </Badge>
        )}
        {badges}
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">{dateText(t, invitable.date)}</Text>
      </Group>
      {invitable.location_name && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" c="dimmed">
              {t('invites.location')}{' '}
            </Text>
            {invitable.location_name}
          </Text>
        </Group>
      )}
      {invitable.calendars.length > 0 && (
        <Group gap="sm" wrap="wrap" aria-label={t('invites.calendars')} role="list">
          {invitable.calendars.map((calendar) => (
            <Group key={calendar.id} gap={4} wrap="nowrap" role="listitem">
              <CalendarDot color={calendar.color} size={10} />
              <Text size="xs" c="dimmed">
                {calendar.name}
              </Text>
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}
