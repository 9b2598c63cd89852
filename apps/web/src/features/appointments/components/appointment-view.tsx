import { Anchor, Badge, ColorSwatch, Grid, Group, Image, Paper, Stack, Text, Typography } from '@mantine/core';
import { IconAddressBook, IconCalendar, IconCalendarEvent, IconTag } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appointment, MemberRef } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { dateText, recurrenceText } from '../lib/appointment-text.ts';
import { AppointmentEventDetails } from './appointment-event-details.tsx';
import { AppointmentFiles } from './appointment-files.tsx';
import { AppointmentLocation, AppointmentMeeting } from './appointment-location.tsx';
import { AppointmentRsvp, showsRsvp } from './appointment-rsvp.tsx';
import { DetailSection } from './detail-section.tsx';
import { ParticipantLists } from './participant-lists.tsx';

export type AppointmentViewProps = { appointment: Appointment };

function MemberLink({ member }: { member: MemberRef }) {
  return member.path ? (
    <Anchor component={Link} to={member.path} size="sm" underline="always">
      {member.name}
    </Anchor>
  ) : (
    <Text span size="sm">
      {member.name}
    </Text>
  );
}

/** Who made it and who changed it last, and when. */
function Authorship({ appointment }: AppointmentViewProps) {
  const { t } = useTranslation('appointments');
  const { author, last_author: lastAuthor } = appointment;
  const changed = appointment.updated_at !== appointment.created_at;
  return (
    <Stack gap={2}>
      {author && (
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey="detail.created_by"
            values={{ name: author.name, date: formatDateTime(appointment.created_at) }}
            components={{ author: <MemberLink member={author} /> }}
          />
        </Text>
      )}
      {changed && (
        <Text size="sm" c="dimmed">
          {lastAuthor ? (
            <Trans
              t={t}
              i18nKey="detail.changed_by"
              values={{ name: lastAuthor.name, date: formatDateTime(appointment.updated_at) }}
              components={{ author: <MemberLink member={lastAuthor} /> }}
            />
          ) : (
            t('detail.changed', { date: formatDateTime(appointment.updated_at) })
          )}
        </Text>
      )}
    </Stack>
  );
}

/** When: the date and time in the reader's zone, and the recurrence in words. */
function When({ appointment }: AppointmentViewProps) {
  const { t } = useTranslation('appointments');
  const recurrence = recurrenceText(t, appointment.recurrence_pattern, appointment.date.time_zone);
  return (
    <DetailSection icon={IconCalendarEvent} title={t('detail.when')}>
      <Text size="sm" data-testid="appointment-date">
        {dateText(t, appointment.date)}
      </Text>
      {recurrence && (
        <Text size="sm" c="dimmed" data-testid="appointment-recurrence">
          {recurrence}
        </Text>
      )}
    </DetailSection>
  );
}

function Calendars({ appointment }: AppointmentViewProps) {
  const { t } = useTranslation('appointments');
  return (
    <DetailSection icon={IconCalendar} title={t('detail.calendars')}>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {appointment.calendars.map((calendar) => (
          <Group component="li" key={calendar.id} gap={8} wrap="nowrap">
            <ColorSwatch color={`#${calendar.color}`} size={12} withShadow={false} aria-hidden />
            <Text size="sm">{calendar.name}</Text>
          </Group>
        ))}
        {appointment.unknown_calendars > 0 && (
          <Text component="li" size="sm" c="dimmed">
            {t('detail.unknown_calendars', { count: appointment.unknown_calendars })}
          </Text>
        )}
      </Stack>
    </DetailSection>
  );
}

/**
 * The standard view of an appointment (calendars spec, section 2, appointment detail): image,
 * description, files and authorship in the main column; when, where, how to join, event details,
 * calendars, category and contacts beside it; the RSVP widget on top of the side column, the
 * participant lists below the files.
 */
export function AppointmentView({ appointment }: AppointmentViewProps) {
  const { t } = useTranslation('appointments');
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Stack gap="lg">
          {appointment.event_image && (
            <Image src={appointment.event_image.large_thumb} alt="" radius="md" mah={360} fit="cover" />
          )}
          {appointment.description_rendered ? (
            <Typography data-testid="appointment-description">
              {/* Sanitized by the server when it was stored. */}
              <div dangerouslySetInnerHTML={{ __html: appointment.description_rendered }} />
            </Typography>
          ) : (
            <Text c="dimmed" size="sm">
              {t('detail.no_description')}
            </Text>
          )}
          <AppointmentFiles files={appointment.event_files} appointmentId={appointment.id} />
          <ParticipantLists appointment={appointment} />
          <Authorship appointment={appointment} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        {showsRsvp(appointment) && (
          <Paper withBorder radius="md" p="md" mb="md">
            <AppointmentRsvp appointment={appointment} />
          </Paper>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <When appointment={appointment} />
            <AppointmentLocation location={appointment.location} />
            <AppointmentMeeting appointment={appointment} />
            <AppointmentEventDetails appointment={appointment} />
            <Calendars appointment={appointment} />
            {appointment.category && (
              <DetailSection icon={IconTag} title={t('detail.category')}>
                <Badge variant="light">{appointment.category.label}</Badge>
              </DetailSection>
            )}
            {appointment.contacts.length > 0 && (
              <DetailSection icon={IconAddressBook} title={t('detail.contacts')}>
                <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
                  {appointment.contacts.map((contact) => (
                    <li key={contact.id}>
                      <MemberLink member={contact} />
                    </li>
                  ))}
                </Stack>
              </DetailSection>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
