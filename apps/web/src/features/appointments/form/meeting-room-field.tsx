import { Anchor, Loader, Select, Stack, Text } from '@mantine/core';
import { TZDate } from '@date-fns/tz';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addWallMinutes, wallMinutes, type WallClock } from '../lib/wall-clock.ts';
import { meetingRoomsQuery } from '../participation-api.ts';
import type { SectionProps } from './form-section.tsx';
import type { AppointmentFormValues } from './form-values.ts';

export const ROOM_FIELD = 'meeting.room_id';

/** The instant of a wall-clock time in a zone, as ISO text (UTC). */
function instant(clock: WallClock, timeZone: string): string | null {
  const minutes = wallMinutes(clock);
  if (Number.isNaN(minutes)) return null;
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  const [hours, mins] = (clock.time || '00:00').split(':').map(Number) as [number, number];
  const zoned = new TZDate(year, month - 1, day, hours, mins, timeZone);
  if (Number.isNaN(zoned.getTime())) return null;
  return new Date(zoned.getTime()).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The time a room would be booked for, as the server books it: from the start to the end on the
 * appointment's own wall clock; all-day from the first day's midnight to the one after the last.
 * Null while there is no end (a room needs one) or the end is not after the start.
 */
export function roomWindow(values: AppointmentFormValues): { start: string; end: string } | null {
  if (!values.startDate) return null;
  let from: WallClock;
  let to: WallClock;
  if (values.allDay) {
    from = { date: values.startDate, time: '00:00' };
    to = addWallMinutes({ date: values.endDate ?? values.startDate, time: '00:00' }, 24 * 60);
  } else {
    if (!values.endDate || !values.startTime) return null;
    from = { date: values.startDate, time: values.startTime };
    to = { date: values.endDate, time: values.endTime || values.startTime };
  }
  if (!(wallMinutes(to) > wallMinutes(from))) return null;
  const start = instant(from, values.timeZone);
  const end = instant(to, values.timeZone);
  return start && end ? { start, end } : null;
}

export type RoomChoice = { id: string; name: string };

type MeetingRoomFieldProps = SectionProps & {
  /** The appointment being edited: its own bookings do not make a room occupied. */
  appointmentId?: string;
  /** The room the appointment has, named before the list has loaded. */
  initialRoom: RoomChoice | null;
};

/**
 * The meeting room picker (calendars spec, section 2): rooms free at the appointment's time,
 * occupied ones listed but disabled; it needs an end time. Loading, a failed load and "none is
 * free" are said in the field (section 8).
 */
export function MeetingRoomField({ values, update, errors, appointmentId, initialRoom }: MeetingRoomFieldProps) {
  const { t } = useTranslation('appointments');
  const span = roomWindow(values);
  const roomId = values.kept.roomId;
  const rooms = useQuery({
    ...meetingRoomsQuery({
      filter: 'reservable',
      start: span?.start,
      end: span?.end,
      appointment_id: appointmentId,
      room_id: roomId ?? undefined,
    }),
    enabled: span !== null,
    placeholderData: keepPreviousData,
  });
  const list = rooms.data ?? (initialRoom ? [{ ...initialRoom, occupied: false }] : []);
  const data = list.map((room) => ({
    value: room.id,
    label: room.occupied ? t('form.meeting.room_occupied', { name: room.name }) : room.name,
    // The room chosen stays selectable, so that the member sees why the save would fail.
    disabled: room.occupied && room.id !== roomId,
  }));
  const loading = span !== null && rooms.isFetching;
  const chosenOccupied = !loading && list.some((room) => room.id === roomId && room.occupied);
  const noneFree = span !== null && !!rooms.data && rooms.data.length > 0 && rooms.data.every((r) => r.occupied);

  let description: string | undefined;
  if (span === null) description = t('form.meeting.room_needs_end');
  else if (loading) description = t('form.meeting.room_loading');
  else if (noneFree) description = t('form.meeting.no_room_free');

  return (
    <Stack gap={4}>
      <Select
        label={t('form.meeting.room')}
        placeholder={t('form.meeting.room_placeholder')}
        data={data}
        value={roomId}
        clearable
        allowDeselect
        // Without an end no room can be chosen; one chosen before can still be taken off.
        disabled={span === null && !roomId}
        description={description}
        rightSection={loading ? <Loader size="xs" aria-hidden /> : undefined}
        aria-busy={loading || undefined}
        error={errors[ROOM_FIELD] ?? (chosenOccupied ? t('errors.room_occupied') : undefined)}
        onChange={(value) => update((v) => ({ ...v, kept: { ...v.kept, roomId: value } }), ROOM_FIELD)}
        comboboxProps={{ withinPortal: true }}
      />
      {span !== null && rooms.isError && (
        <Text size="sm" c="red" role="alert">
          {t('form.meeting.room_error')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void rooms.refetch()}>
            {t('form.meeting.room_retry')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
