import { Alert, Stack } from '@mantine/core';
import { IconBan, IconClockHour4, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@agora/contracts';
import { browserTimeZone, timeZoneLabel } from '../../../ui/time-zones.ts';
import { dateText, isPast } from '../lib/appointment-text.ts';

type AppointmentBannersProps = {
  appointment: Appointment;
  /** Whether the network lets members answer appointments that are over (network configuration). */
  retroactiveOpting: boolean;
  now?: Date;
  /** The reader's zone; the browser's by default. */
  viewerTimeZone?: string;
};

/** The banners above an appointment: canceled, in the past, planned in another time zone. */
export function AppointmentBanners({ appointment, retroactiveOpting, now, viewerTimeZone }: AppointmentBannersProps) {
  const { t } = useTranslation('appointments');
  const { date } = appointment;
  const viewerZone = viewerTimeZone ?? browserTimeZone();
  const past = isPast(date, now);
  // An all-day appointment is the same days everywhere: its zone does not matter to the reader.
  const otherZone = !date.all_day && date.time_zone !== viewerZone;
  if (!appointment.canceled && !past && !otherZone) return null;

  return (
    <Stack gap="xs" mb="md">
      {appointment.canceled && (
        <Alert color="red" variant="light" icon={<IconBan size={18} aria-hidden />} data-testid="banner-canceled">
          {t('banners.canceled')}
        </Alert>
      )}
      {past && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} aria-hidden />} data-testid="banner-past">
          {t(retroactiveOpting ? 'banners.past_retroactive' : 'banners.past')}
        </Alert>
      )}
      {otherZone && (
        <Alert color="blue" variant="light" icon={<IconWorld size={18} aria-hidden />} data-testid="banner-time-zone">
          {t('banners.time_zone', {
            viewer: timeZoneLabel(viewerZone),
            zone: timeZoneLabel(date.time_zone),
            time: dateText(t, date, date.time_zone),
          })}
        </Alert>
      )}
    </Stack>
  );
}
