import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { locationLines, type Appointment } from '@agora/contracts';
import { CopyLink } from './copy-link.tsx';
import { DetailSection } from './detail-section.tsx';
import { StartMeetingButton } from './start-meeting-button.tsx';

/** Where the appointment takes place: address lines, maps link, and its outside link. */
export function AppointmentLocation({ location }: { location: Appointment['location'] }) {
  const { t } = useTranslation('appointments');
  const lines = locationLines(location);
  if (lines.length === 0 && !location.link) return null;

  return (
    <DetailSection icon={IconMapPin} title={t('detail.location')}>
      <Stack gap={2}>
        {lines.length > 0 && (
          <Text size="sm" component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
            {lines.join('\n')}
          </Text>
        )}
        {location.maps_url && (
          <Anchor href={location.maps_url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('detail.show_on_map')}
          </Anchor>
        )}
        {location.link && (
          <Group gap={6} wrap="wrap">
            <Anchor
              href={location.link}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {location.link}
            </Anchor>
            {location.meeting_link_type && (
              <Badge size="sm" variant="light" color="gray">
                {t(`meeting_link_types.${location.meeting_link_type}`)}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </DetailSection>
  );
}

/** How to join online: the meeting's join link, dial-in, and the Teams link, each with copy. */
export function AppointmentMeeting({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const { meeting, teams_configuration: teams } = appointment;
  const hasAny =
    meeting.join_url ||
    meeting.room_name ||
    meeting.conference_call_phone_number ||
    meeting.conference_call_access_code ||
    teams.join_url;
  if (!hasAny) return null;

  return (
    <DetailSection icon={IconVideo} title={t('detail.online_meeting')}>
      <Stack gap={4}>
        {meeting.room_name && <Text size="sm">{t('detail.meeting_room', { name: meeting.room_name })}</Text>}
        {appointment.can.start_meeting && (
          <StartMeetingButton appointmentId={appointment.id} size="xs" style={{ alignSelf: 'flex-start' }} />
        )}
        {meeting.join_url && (
          <CopyLink
            href={meeting.join_url}
            label={t('detail.join_meeting')}
            copyLabel={t('detail.copy_meeting_link')}
          />
        )}
        {meeting.conference_call_phone_number && (
          <Text size="sm">
            {t('detail.dial_in')}{' '}
            <Anchor href={`tel:${meeting.conference_call_phone_number.replace(/[^\d+]/g, '')}`} size="sm">
              {meeting.conference_call_phone_number}
            </Anchor>
          </Text>
        )}
        {meeting.conference_call_access_code && (
          <Text size="sm">{t('detail.access_code', { code: meeting.conference_call_access_code })}</Text>
        )}
        {teams.join_url && (
          <CopyLink href={teams.join_url} label={t('detail.join_teams')} copyLabel={t('detail.copy_teams_link')} />
        )}
      </Stack>
    </DetailSection>
  );
}
