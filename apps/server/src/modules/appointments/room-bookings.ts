import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { BookingPeriod, MeetingRoomsService, RoomHolding } from '../meeting-rooms/index.ts';
import type { AppointmentAccess } from './access.ts';
import { occurrencesBetween } from './recurrence.ts';
import type { AppointmentRow, AppointmentsRepository } from './repository.ts';
import { ruleOf } from './times.ts';

/**
 * A series books its room one row per occurrence, from its first occurrence still to come (or
 * in progress) for this long at most: a series without end cannot book forever. Saving the
 * series again books the window anew from then.
 */
export const SERIES_BOOKING_YEARS = 2;

/** The occurrences of a series a room is booked for: skipping deleted and modified ones. */
export function seriesBookingPeriods(
  series: AppointmentRow,
  exceptionStarts: ReadonlySet<number>,
  now: Date,
): BookingPeriod[] {
  if (!series.endsAt) return [];
  const from = new Date(Math.max(now.getTime(), series.startsAt.getTime()));
  const to = new Date(from);
  to.setUTCFullYear(to.getUTCFullYear() + SERIES_BOOKING_YEARS);
  return occurrencesBetween(ruleOf(series), from, to)
    .filter((o) => o.end && o.end > o.start && !exceptionStarts.has(o.start.getTime()))
    .map((o) => ({ start: o.start, end: o.end! }));
}

type BookableRow = Pick<AppointmentRow, 'id' | 'canceled' | 'occurrenceDeleted' | 'meeting' | 'startsAt' | 'endsAt'>;

/** The room a row holds: canceled and deleted appointments hold none. */
const roomOf = (row: BookableRow): string | null =>
  row.canceled || row.occurrenceDeleted ? null : row.meeting.room_id;

/** A single appointment or a modified occurrence: its own time. */
function holdingOf(row: BookableRow): RoomHolding {
  const periods = row.endsAt && row.endsAt > row.startsAt ? [{ start: row.startsAt, end: row.endsAt }] : [];
  return { appointmentId: row.id, roomId: roomOf(row), periods };
}

export function createRoomBookings(deps: {
  repository: AppointmentsRepository;
  meetingRooms: MeetingRoomsService;
  access: AppointmentAccess;
}) {
  const { repository, meetingRooms } = deps;

  /** A series with its modified occurrences, each of which books for itself. */
  async function syncSeries(tx: Db, series: AppointmentRow, now: Date): Promise<void> {
    const exceptions = await repository.bookableExceptionsOf(series.networkId, series.id, tx);
    const starts = new Set(exceptions.flatMap((e) => (e.originalStart ? [e.originalStart.getTime()] : [])));
    const room = roomOf(series);
    await meetingRooms.book(tx, series.networkId, [
      { appointmentId: series.id, roomId: room, periods: room ? seriesBookingPeriods(series, starts, now) : [] },
      ...exceptions.map(holdingOf),
    ]);
  }

  /**
   * After one occurrence changed alone (saved, cancelled, locked, deleted: its exception row
   * `exceptionId` as it now stands): the series no longer books it, and the occurrence books
   * its own time with its own room unless cancelled or deleted. The rest of the series'
   * bookings stay as they are.
   */
  async function syncOccurrence(tx: Db, networkId: string, exceptionId: string): Promise<void> {
    const row = await repository.find(networkId, exceptionId, tx);
    if (!row) return meetingRooms.release(tx, networkId, [exceptionId]);
    if (row.seriesId && row.originalStart) {
      await meetingRooms.releaseAt(tx, networkId, row.seriesId, row.originalStart);
    }
    await meetingRooms.book(tx, networkId, [holdingOf(row)]);
  }

  return {
    /**
     * Books (or frees) the room of a single appointment or a series as it now stands in the
     * transaction, after it was created or saved as a whole. A series books each occurrence in
     * the window but its modified ones, which book their own times with their own rooms. A
     * row that is gone frees what it held. Throws 422 `room_occupied` (the transaction must
     * then roll back) when a room is taken.
     */
    async sync(tx: Db, networkId: string, id: string, now: Date = new Date()): Promise<void> {
      const row = await repository.find(networkId, id, tx);
      if (!row) return meetingRooms.release(tx, networkId, [id]);
      if (row.seriesId) return syncOccurrence(tx, networkId, id);
      if (row.recurrenceFrequency !== 'never') return syncSeries(tx, row, now);
      return meetingRooms.book(tx, networkId, [holdingOf(row)]);
    },

    syncOccurrence,

    release: (tx: Db, networkId: string, ids: string[]): Promise<void> => meetingRooms.release(tx, networkId, ids),

    /** Frees what appointments (and, for series, their modified occurrences) hold, before they are deleted. */
    async releaseWithExceptions(tx: Db, networkId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const exceptions = await repository.exceptionsOf(networkId, ids, tx);
      await meetingRooms.release(tx, networkId, [...ids, ...exceptions.map((e) => e.id)]);
    },

    /**
     * The rows whose bookings belong to the appointment being edited (`GET /meeting_rooms`'s
     * `appointment_id`): the appointment, or the series with its modified occurrences. None for
     * an appointment the actor cannot read.
     */
    async holders(actor: Actor, rawId: string): Promise<string[]> {
      let loaded;
      try {
        loaded = await deps.access.load(actor, rawId);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return [];
        throw err;
      }
      const owner = loaded.series ?? loaded.row;
      const exceptions = await repository.exceptionsOf(actor.networkId, [owner.id]);
      return [owner.id, ...exceptions.map((e) => e.id)];
    },
  };
}

export type RoomBookings = ReturnType<typeof createRoomBookings>;
