import { randomBytes } from 'node:crypto';
import {
  APPOINTMENT_ERROR_KEYS,
  PARTICIPATION_ERROR_KEYS,
  type MeetingRoom,
  type MeetingRoomAdmin,
  type MeetingRoomBody,
  type MeetingRoomsQuery,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import { meetingRoomPolicy, networkMeetingRoomsPolicy } from './policy.ts';
import { presentMeetingRoom, presentMeetingRoomAdmin } from './present.ts';
import { createMeetingRoomsRepository, MAX_ROOMS, type BookingPeriod, type MeetingRoomRow } from './repository.ts';
import { slugify } from '../../platform/text/slug.ts';

export type MeetingRoomsService = ReturnType<typeof createMeetingRoomsService>;

/** What one appointment row (single, series or modified occurrence) reserves: a room at some times. */
export type RoomHolding = { appointmentId: string; roomId: string | null; periods: BookingPeriod[] };

export const MEETING_ROOM_CREATED = 'meeting_room.created';
/** Appointments that had a deleted room forget it, from this event. */
export const MEETING_ROOM_DESTROYED = 'meeting_room.destroyed';
/** Appointments show the room's name: the month sheets change. */
export const MEETING_ROOM_RENAMED = 'meeting_room.renamed';

/**
 * The appointment rows whose bookings are the edited appointment's own (appointments module):
 * its own, or for a series or an occurrence the series' and its modified occurrences'. An
 * appointment the actor cannot read has none.
 */
export type BookingHolders = (actor: Actor, appointmentId: string) => Promise<string[]>;

export type MeetingRoomsDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  /** config.meetingUrlTemplate: `{room}` stands for the room's key. */
  meetingUrlTemplate: string;
};

/** PostgreSQL's exclusion_violation: the no-overlap constraint refused a booking. */
function isExclusionViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23P01') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** "Raum Süd 2" -> "raum-sued-2": the readable part of a meeting key. */
export function meetingRoomSlug(name: string): string {
  return slugify(name, { maxLength: 40, fallback: 'room' });
}

/**
 * A room's key in its join URL: readable, and with 10 random url-safe characters (60 bits) so
 * that nobody guesses a room's meeting. Made once; renaming keeps it, so links sent stay valid.
 */
export function newMeetingKey(name: string): string {
  return `${meetingRoomSlug(name)}-${randomBytes(8).toString('base64url').slice(0, 10)}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const nameTaken = () => unprocessable({ name: ['taken'] });

export function createMeetingRoomsService(deps: MeetingRoomsDeps) {
  const repository = createMeetingRoomsRepository(deps.db);
  const roomUrlPattern = new RegExp(`^${deps.meetingUrlTemplate.split('{room}').map(escapeRegExp).join('[^/?#]+')}$`);

  async function loadForAdmin(actor: Actor, id: string): Promise<MeetingRoomRow> {
    const row = await repository.find(actor.networkId, id);
    if (!row) throw notFound();
    return row;
  }

  async function presentAdmin(actor: Actor, rows: MeetingRoomRow[]): Promise<MeetingRoomAdmin[]> {
    const counts = await repository.upcomingCounts(
      actor.networkId,
      rows.map((r) => r.id),
      new Date(),
    );
    return rows.map((row) => presentMeetingRoomAdmin(actor, row, counts.get(row.id) ?? 0));
  }

  async function insertRoom(actor: Actor, name: string): Promise<MeetingRoomRow> {
    try {
      return await deps.db.transaction(async (tx) => {
        const row = await repository.insert({ networkId: actor.networkId, name, meetingKey: newMeetingKey(name) }, tx);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: MEETING_ROOM_CREATED,
          actorId: actor.membershipId,
          subject: { type: 'meeting_room', id: row.id },
          changes: { name },
        });
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
  }

  return {
    /**
     * `GET /meeting_rooms`: the network's rooms by name. With `filter=reservable` each says
     * whether another appointment has it booked for part of [start, end); the bookings of the
     * appointment being edited do not count.
     */
    async list(actor: Actor, query: MeetingRoomsQuery, bookingHolders: BookingHolders): Promise<MeetingRoom[]> {
      const rows = await repository.list(actor.networkId);
      // The chosen room is always listed, also beyond the cap.
      if (query.room_id && !rows.some((r) => r.id === query.room_id)) {
        const chosen = await repository.find(actor.networkId, query.room_id);
        if (chosen) rows.push(chosen);
      }
      if (query.filter !== 'reservable') return rows.map((row) => presentMeetingRoom(row, false));

      const errors: Record<string, string[]> = {};
      if (!query.start) errors.start = ['required'];
      if (!query.end) errors.end = ['required'];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const start = new Date(query.start!);
      const end = new Date(query.end!);
      if (end <= start) throw unprocessable({ end: [APPOINTMENT_ERROR_KEYS.endLtStart] });
      const ignored = query.appointment_id ? await bookingHolders(actor, query.appointment_id) : [];
      const occupied = await repository.occupied(
        actor.networkId,
        rows.map((r) => r.id),
        start,
        end,
        ignored,
      );
      return rows.map((row) => presentMeetingRoom(row, occupied.has(row.id)));
    },

    /** `GET /administration/meeting_rooms`. */
    async adminList(actor: Actor): Promise<MeetingRoomAdmin[]> {
      authorize(networkMeetingRoomsPolicy, 'create_meeting_rooms', actor, null);
      return presentAdmin(actor, await repository.list(actor.networkId));
    },

    /** `POST /administration/meeting_rooms`: 422 `taken` for a name the network has (case ignored). */
    async create(actor: Actor, body: MeetingRoomBody): Promise<MeetingRoomAdmin> {
      authorize(networkMeetingRoomsPolicy, 'create_meeting_rooms', actor, null);
      const name = body.meeting_room.name.trim();
      const row = await insertRoom(actor, name);
      return (await presentAdmin(actor, [row]))[0]!;
    },

    /** `PUT /administration/meeting_rooms/{id}`: a new name; the meeting key stays. */
    async rename(actor: Actor, id: string, body: MeetingRoomBody): Promise<MeetingRoomAdmin> {
      const room = await loadForAdmin(actor, id);
      authorize(meetingRoomPolicy, 'update', actor, room);
      let saved: MeetingRoomRow | undefined;
      try {
        saved = await deps.db.transaction(async (tx) => {
          const renamed = await createMeetingRoomsRepository(tx).rename(
            actor.networkId,
            id,
            body.meeting_room.name.trim(),
          );
          if (renamed) {
            await deps.events.record(tx, {
              networkId: actor.networkId,
              type: MEETING_ROOM_RENAMED,
              actorId: actor.membershipId,
              subject: { type: 'meeting_room', id },
              changes: { name: renamed.name, previous_name: room.name },
            });
          }
          return renamed;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
      if (!saved) throw notFound();
      return (await presentAdmin(actor, [saved]))[0]!;
    },

    /**
     * `DELETE /administration/meeting_rooms/{id}`: its bookings go with it, and the appointments
     * that had it are left without a room by the event's processor (appointments).
     */
    async destroy(actor: Actor, id: string): Promise<void> {
      const room = await loadForAdmin(actor, id);
      authorize(meetingRoomPolicy, 'destroy', actor, room);
      await deps.db.transaction(async (tx) => {
        await repository.delete(tx, actor.networkId, id);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: MEETING_ROOM_DESTROYED,
          actorId: actor.membershipId,
          subject: { type: 'meeting_room', id },
          changes: { name: room.name },
        });
      });
    },

    /** network `can.create_meetings`: the network has at least one room. */
    canCreateMeetings: (networkId: string): Promise<boolean> => repository.any(networkId),

    /** A room of the network, or undefined. */
    find: (networkId: string, id: string, tx?: Db): Promise<MeetingRoomRow | undefined> =>
      repository.find(networkId, id, tx),

    /** Whether a URL is some room's join URL (made from the template). */
    isRoomUrl: (url: string): boolean => roomUrlPattern.test(url),

    /** Where the room's meeting is joined. */
    joinUrl(room: Pick<MeetingRoomRow, 'meetingKey'>): string {
      return deps.meetingUrlTemplate.replaceAll('{room}', encodeURIComponent(room.meetingKey));
    },

    /**
     * Replaces the bookings of appointment rows: each holds `periods` of its `roomId` (none
     * without a room). Runs in the caller's transaction; an overlap with another booking of
     * the room (the exclusion constraint decides, also between concurrent saves) is 422
     * `room_occupied` on `meeting.room_id`, and the caller's transaction is rolled back.
     */
    async book(tx: Db, networkId: string, holdings: RoomHolding[]): Promise<void> {
      await repository.deleteBookings(
        tx,
        networkId,
        holdings.map((h) => h.appointmentId),
      );
      const bookings = holdings.flatMap((h) =>
        h.roomId ? h.periods.map((p) => ({ ...p, roomId: h.roomId!, appointmentId: h.appointmentId })) : [],
      );
      if (bookings.length === 0) return;
      try {
        await repository.insertBookings(tx, networkId, bookings);
      } catch (err) {
        if (isExclusionViolation(err)) {
          throw unprocessable({ 'meeting.room_id': [PARTICIPATION_ERROR_KEYS.roomOccupied] });
        }
        throw err;
      }
    },

    /** Frees every booking the appointment rows hold (deleted, canceled). */
    release: (tx: Db, networkId: string, appointmentIds: string[]): Promise<void> =>
      repository.deleteBookings(tx, networkId, appointmentIds),

    /** Frees what a series holds for one of its occurrences (the one starting at `start`). */
    releaseAt: (tx: Db, networkId: string, appointmentId: string, start: Date): Promise<void> =>
      repository.deleteBookingAt(tx, networkId, appointmentId, start),

    /** The bookings appointment rows hold, by start (ISO instants). */
    async bookingsOf(
      networkId: string,
      appointmentIds: string[],
    ): Promise<Array<{ roomId: string; appointmentId: string; start: string; end: string }>> {
      return repository.bookingsOf(networkId, appointmentIds);
    },

    /** Adds rooms by name (demo seed); names the network has already are skipped. */
    async seedMeetingRooms(networkId: string, names: string[]): Promise<MeetingRoomRow[]> {
      const fresh = new Map<string, string>();
      for (const row of await repository.list(networkId)) fresh.set(row.name.toLowerCase(), '');
      for (const name of names.map((n) => n.trim()))
        if (name && !fresh.has(name.toLowerCase())) fresh.set(name.toLowerCase(), name);
      const added = [...fresh.values()].filter(Boolean).slice(0, MAX_ROOMS);
      return repository.insertMany(added.map((name) => ({ networkId, name, meetingKey: newMeetingKey(name) })));
    },
  };
}
