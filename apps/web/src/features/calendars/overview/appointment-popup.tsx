import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconCalendarEvent,
  IconClock,
  IconCopy,
  IconExternalLink,
  IconMapPin,
  IconRepeat,
  IconVideo,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPOINTMENT_LIMITS, locationLines, type Appointment, type AppointmentListItem } from '@agora/contracts';
import { HtmlContent } from '../../../ui/html-content.tsx';
import { appointmentQuery, AppointmentRsvp, showsRsvp, StartMeetingButton } from '../../appointments/index.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { formatAppointmentDate, htmlToText, truncateText } from '../appointment-text.ts';
import { CalendarDot } from '../components/calendar-dot.tsx';
import { copyWithToast } from '../copy-text.ts';
import { appointmentPath, isRecurring } from './list-item.ts';

type AppointmentPopupProps = {
  /** The row that was clicked, shown at once while the details load; null closes the popup. */
  item: AppointmentListItem | null;
  onClose: () => void;
};

/** The details of an appointment over the overview (calendars spec, section 2). */
export function AppointmentPopup({ item, onClose }: AppointmentPopupProps) {
  const { t } = useTranslation('calendars');
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      size="lg"
      title={
        item && (
          <Group gap={6} wrap="nowrap" component="span">
            <Text span fw={600} size="lg" td={item.canceled ? 'line-through' : undefined}>
              {item.name}
            </Text>
            {isRecurring(item) && <IconRepeat size={16} aria-label={t('overview.recurring')} role="img" />}
          </Group>
        )
      }
      closeButtonProps={{ 'aria-label': t('popup.close') }}
    >
      {item && <PopupBody item={item} />}
    </Modal>
  );
}

function PopupBody({ item }: { item: AppointmentListItem }) {
  const { t } = useTranslation('calendars');
  const details = useQuery(appointmentQuery(item.id));
  const appointment = details.data;
  const date = appointment?.date ?? item.date;

  return (
    <Stack gap="sm">
      {item.canceled && (
        <Badge color="red" variant="light">
          {t('overview.canceled')}
        </Badge>
      )}
      <Line icon={<IconClock size={18} aria-hidden />} label={t('popup.date')}>
        <Text size="sm">{formatAppointmentDate(date, t('popup.all_day'))}</Text>
      </Line>
      {details.isPending && <LoadingRow />}
      {details.isError && <ErrorRow error={details.error} kind="appointment" onRetry={() => void details.refetch()} />}
      {appointment && <Details appointment={appointment} />}
      {appointment && showsRsvp(appointment) && <AppointmentRsvp appointment={appointment} />}
      <Group justify="flex-end" gap="xs" mt="xs">
        {appointment?.can.start_meeting && <StartMeetingButton appointmentId={appointment.id} />}
        <Button component={Link} to={appointmentPath(item)} rightSection={<IconExternalLink size={16} aria-hidden />}>
          {t('popup.open')}
        </Button>
      </Group>
    </Stack>
  );
}

function Details({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('calendars');
  const { location } = appointment;
  const address = locationLines(location);
  const meetingLink = appointment.meeting.join_url ?? appointment.teams_configuration.join_url ?? location.link;

  return (
    <>
      {appointment.calendars.length > 0 && (
        <Line icon={<IconCalendarEvent size={18} aria-hidden />} label={t('popup.calendars')}>
          <Group gap="sm">
            {appointment.calendars.map((calendar) => (
              <Group key={calendar.id} gap={6} wrap="nowrap">
                <CalendarDot color={calendar.color} />
                <Text size="sm">{calendar.name}</Text>
              </Group>
            ))}
          </Group>
        </Line>
      )}
      {address.length > 0 && (
        <Line icon={<IconMapPin size={18} aria-hidden />} label={t('popup.location')}>
          <Stack gap={0}>
            {address.map((part) => (
              <Text key={part} size="sm">
                {part}
              </Text>
            ))}
            {location.maps_url && (
              <Anchor href={location.maps_url} target="_blank" rel="noopener noreferrer" size="sm">
                {t('popup.maps')}
              </Anchor>
            )}
          </Stack>
        </Line>
      )}
      {meetingLink && (
        <Line icon={<IconVideo size={18} aria-hidden />} label={t('popup.meeting_link')}>
          <Group gap={4} wrap="nowrap" miw={0}>
            <Anchor
              href={meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              title={meetingLink}
              style={{ overflowWrap: 'anywhere' }}
            >
              {truncateText(meetingLink, APPOINTMENT_LIMITS.meetingLinkLabelTruncate)}
            </Anchor>
            <Tooltip label={t('popup.copy_meeting_link')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('popup.copy_meeting_link')}
                onClick={() => void copyWithToast(meetingLink, 'calendars:popup.meeting_link_copied')}
              >
                <IconCopy size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Line>
      )}
      <Description html={appointment.description_rendered} />
    </>
  );
}

/** The description, cut at 500 characters until the member asks for the rest. */
function Description({ html }: { html: string }) {
  const { t } = useTranslation('calendars');
  const [expanded, setExpanded] = useState(false);
  const text = htmlToText(html);
  if (!text) return null;
  const long = Array.from(text).length > APPOINTMENT_LIMITS.descriptionTruncate;
  return (
    <Stack gap={4}>
      {long && !expanded ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="popup-description">
          {truncateText(text, APPOINTMENT_LIMITS.descriptionTruncate)}
        </Text>
      ) : (
        <div data-testid="popup-description">
          <HtmlContent html={html} />
        </div>
      )}
      {long && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((value) => !value)}>
          {expanded ? t('popup.read_less') : t('popup.read_more')}
        </Anchor>
      )}
    </Stack>
  );
}

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text span c="dimmed" mt={2} lh={0} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
