import { Anchor, Avatar, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconMailOpened, IconRepeat, IconUsersGroup } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentInvite, GroupInvite } from '@agora/contracts';
import { unreadsQuery } from '../../../app/unreads.ts';
import { CountBadge } from '../../../app/shell/count-badge.tsx';
import { dateText, invitesQuery } from '../../appointments/index.ts';
import { openGroupInvitesQuery } from '../../group-invites/index.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { HomeSection } from './home-section.tsx';

/** How many open invites the start page lists; the inboxes have them all. */
const SHOWN = 4;

type Row = { kind: 'appointment'; invite: AppointmentInvite } | { kind: 'group'; invite: GroupInvite };

/** The member's open invites to appointments and groups, newest first, with the ways to both inboxes. */
export function OpenInvites() {
  const { t } = useTranslation('home');
  const appointments = useInfiniteQuery(invitesQuery('open'));
  const groups = useQuery(openGroupInvitesQuery);
  const unreads = useQuery(unreadsQuery).data;
  const appointmentInvites = appointments.data?.pages[0]?.items ?? [];
  const groupInvites = groups.data?.items ?? [];
  const rows: Row[] = [
    ...appointmentInvites.map((invite) => ({ kind: 'appointment' as const, invite })),
    ...groupInvites.map((invite) => ({ kind: 'group' as const, invite })),
  ]
    .sort((a, b) => b.invite.created_at.localeCompare(a.invite.created_at))
    .slice(0, SHOWN);
  // The counters follow pushes; the lists' lengths stand in until they are there.
  const appointmentCount = unreads?.Calendars ?? appointmentInvites.length;
  const groupCount = unreads?.GroupInvites ?? groupInvites.length;
  const failed = appointments.error ? appointments : groups.error ? groups : null;

  return (
    <HomeSection
      name="invites"
      icon={IconMailOpened}
      title={t('invites.title')}
      count={appointmentCount + groupCount}
      state={{
        isPending: appointments.isPending || groups.isPending,
        error: failed?.error ?? null,
        refetch: () => failed?.refetch(),
      }}
      footer={
        <>
          <InboxLink to="/appointments/invites" label={t('invites.appointments')} count={appointmentCount} />
          <InboxLink to="/invites" label={t('invites.groups')} count={groupCount} />
        </>
      }
    >
      {rows.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconMailOpened />}
          title={t('invites.empty_title')}
          text={t('invites.empty_text')}
        />
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) =>
            row.kind === 'appointment' ? (
              <AppointmentInviteRow key={row.invite.id} invite={row.invite} />
            ) : (
              <GroupInviteRow key={row.invite.id} invite={row.invite} />
            ),
          )}
        </Stack>
      )}
    </HomeSection>
  );
}

function InboxLink({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <Button component={Link} to={to} variant="light" size="xs" rightSection={<CountBadge count={count} />}>
      {label}
    </Button>
  );
}

function InviteRow(props: { avatar: ReactNode; to: string; name: string; detail: string; recurring?: boolean }) {
  const { t } = useTranslation('home');
  return (
    <Box component="li" py={6} data-testid="home-invite">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {props.avatar}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Anchor
              component={Link}
              to={props.to}
              fw={600}
              size="sm"
              lineClamp={2}
              style={{ overflowWrap: 'anywhere' }}
            >
              {props.name}
            </Anchor>
            {props.recurring && (
              <Text span c="dimmed" lh={0} role="img" aria-label={t('appointments.recurring')}>
                <IconRepeat size={14} aria-hidden />
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {props.detail}
          </Text>
        </Stack>
      </Group>
    </Box>
  );
}

function AppointmentInviteRow({ invite }: { invite: AppointmentInvite }) {
  const { t } = useTranslation('home');
  const { invitable } = invite;
  return (
    <InviteRow
      avatar={
        <Avatar size={36} radius="md" color="blue" variant="light" aria-hidden>
          <IconCalendarEvent size={18} />
        </Avatar>
      }
      // A deleted appointment keeps its invite (obsolete soon): the inbox still shows it.
      to={invitable.path ?? '/appointments/invites'}
      name={invitable.name}
      detail={dateText(t, invitable.date)}
      recurring={invitable.recurring}
    />
  );
}

function GroupInviteRow({ invite }: { invite: GroupInvite }) {
  const { t } = useTranslation('home');
  return (
    <InviteRow
      avatar={
        <Avatar src={invite.invitable.image} size={36} radius="md" color="grape" variant="light" alt="" aria-hidden>
          <IconUsersGroup size={18} />
        </Avatar>
      }
      to={invite.invitable.path}
      name={invite.invitable.name}
      detail={invite.author ? t('invites.group_by', { name: invite.author.name }) : t('invites.group')}
    />
  );
}
