import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { meetingRoomBookings, meetingRooms } from './tables.ts';

export type MeetingRoomRow = typeof meetingRooms.$inferSelect;
export type NewMeetingRoomRow = typeof meetingRooms.$inferInsert;

/** A time a room is reserved for, [start, end). */
export type BookingPeriod = { start: Date; end: Date };
type NewBooking = BookingPeriod & { roomId: string; appointmentId: string };

/** Rooms per network are few (an administrator keeps them by hand): lists stop here. */
export const MAX_ROOMS = 500;

const byName = [asc(sql`lower(${meetingRooms.name})`), asc(meetingRooms.id)];
const range = (start: Date, end: Date) =>
  sql`tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;

/** An instant as ISO text in UTC, the same from both drivers. */
const utc = (instant: SQL) => sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function createMeetingRoomsRepository(db: Db) {
  return {
    list(networkId: string): Promise<MeetingRoomRow[]> {
      return db
        .select()
        .from(meetingRooms)
        .where(eq(meetingRooms.networkId, networkId))
        .orderBy(...byName)
        .limit(MAX_ROOMS);
    },

    async find(networkId: string, id: string, tx: Db = db): Promise<MeetingRoomRow | undefined> {
      const [row] = await tx
        .select()
        .from(meetingRooms)
        .where(and(eq(meetingRooms.networkId, networkId), eq(meetingRooms.id, id)))
        .limit(1);
      return row;
    },

    async any(networkId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: meetingRooms.id })
        .from(meetingRooms)
        .where(eq(meetingRooms.networkId, networkId))
        .limit(1);
      return !!row;
    },

    async insert(row: NewMeetingRoomRow, tx: Db = db): Promise<MeetingRoomRow> {
      const [inserted] = await tx.insert(meetingRooms).values(row).returning();
      return inserted!;
    },

    insertMany(rows: NewMeetingRoomRow[]): Promise<MeetingRoomRow[]> {
      return rows.length ? db.insert(meetingRooms).values(rows).returning() : Promise.resolve([]);
    },

    async rename(networkId: string, id: string, name: string): Promise<MeetingRoomRow | undefined> {
      const [row] = await db
        .update(meetingRooms)
        .set({ name })
        .where(and(eq(meetingRooms.networkId, networkId), eq(meetingRooms.id, id)))
        .returning();
      return row;
    },

    /** Deletes a room; its bookings go with it (foreign key). */
    async delete(tx: Db, networkId: string, id: string): Promise<boolean> {
      const rows = await tx
        .delete(meetingRooms)
        .where(and(eq(meetingRooms.networkId, networkId), eq(meetingRooms.id, id)))
        .returning({ id: meetingRooms.id });
      return rows.length > 0;
    },

    /** Bookings of each room that are not over yet: one grouped query. */
    async upcomingCounts(networkId: string, roomIds: string[], now: Date): Promise<Map<string, number>> {
      if (roomIds.length === 0) return new Map();
      const rows = await db
        .select({ roomId: meetingRoomBookings.roomId, count: sql<number>`count(*)::int` })
        .from(meetingRoomBookings)
        .where(
          and(
            eq(meetingRoomBookings.networkId, networkId),
            inArray(meetingRoomBookings.roomId, roomIds),
            sql`upper(${meetingRoomBookings.during}) > ${now.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(meetingRoomBookings.roomId);
      return new Map(rows.map((r) => [r.roomId, Number(r.count)]));
    },

    /**
     * The rooms among `roomIds` that some booking overlaps [start, end), bookings held by
     * `ignoredAppointmentIds` not counting. The exclusion constraint's gist index answers it.
     */
    async occupied(
      networkId: string,
      roomIds: string[],
      start: Date,
      end: Date,
      ignoredAppointmentIds: string[],
    ): Promise<Set<string>> {
      if (roomIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ roomId: meetingRoomBookings.roomId })
        .from(meetingRoomBookings)
        .where(
          and(
            eq(meetingRoomBookings.networkId, networkId),
            inArray(meetingRoomBookings.roomId, roomIds),
            sql`${meetingRoomBookings.during} && ${range(start, end)}`,
            ignoredAppointmentIds.length > 0
              ? sql`${meetingRoomBookings.appointmentId} not in (${sql.join(
                  ignoredAppointmentIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : undefined,
          ),
        );
      return new Set(rows.map((r) => r.roomId));
    },

    /** Inserts bookings; an overlap with any booking of the room makes the constraint refuse them all. */
    async insertBookings(tx: Db, networkId: string, bookings: NewBooking[]): Promise<void> {
      for (let i = 0; i < bookings.length; i += 1000) {
        await tx.insert(meetingRoomBookings).values(
          bookings.slice(i, i + 1000).map((b) => ({
            networkId,
            roomId: b.roomId,
            appointmentId: b.appointmentId,
            during: range(b.start, b.end) as unknown as string,
          })),
        );
      }
    },

    async deleteBookings(tx: Db, networkId: string, appointmentIds: string[]): Promise<void> {
      if (appointmentIds.length === 0) return;
      await tx
        .delete(meetingRoomBookings)
        .where(
          and(eq(meetingRoomBookings.networkId, networkId), inArray(meetingRoomBookings.appointmentId, appointmentIds)),
        );
    },

    /** Deletes the booking an appointment row holds from `start` on (one occurrence of a series). */
    async deleteBookingAt(tx: Db, networkId: string, appointmentId: string, start: Date): Promise<void> {
      await tx
        .delete(meetingRoomBookings)
        .where(
          and(
            eq(meetingRoomBookings.networkId, networkId),
            eq(meetingRoomBookings.appointmentId, appointmentId),
            sql`lower(${meetingRoomBookings.during}) = ${start.toISOString()}::timestamptz`,
          ),
        );
    },

    /** The bookings of some appointments (tests and the administration look at them). */
    bookingsOf(networkId: string, appointmentIds: string[]) {
      if (appointmentIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          roomId: meetingRoomBookings.roomId,
          appointmentId: meetingRoomBookings.appointmentId,
          start: utc(sql`lower(${meetingRoomBookings.during})`),
          end: utc(sql`upper(${meetingRoomBookings.during})`),
        })
        .from(meetingRoomBookings)
        .where(
          and(eq(meetingRoomBookings.networkId, networkId), inArray(meetingRoomBookings.appointmentId, appointmentIds)),
        )
        .orderBy(sql`lower(${meetingRoomBookings.during})`);
    },
  };
}

export type MeetingRoomsRepository = ReturnType<typeof createMeetingRoomsRepository>;
