import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  appointmentCalendars,
  appointmentCategories,
  appointmentContacts,
  appointmentParticipants,
  appointments,
} from './tables.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type AppointmentWithCalendars = AppointmentRow & { calendarIds: string[] };
export type CategoryRow = typeof appointmentCategories.$inferSelect;
export type ExceptionRow = Pick<
  AppointmentRow,
  'id' | 'seriesId' | 'originalStart' | 'occurrenceDeleted' | 'startsAt' | 'endsAt' | 'allDay' | 'timeZone'
>;
/** What a modified occurrence's own room booking needs (room-bookings.ts). */
export type BookableExceptionRow = ExceptionRow & Pick<AppointmentRow, 'canceled' | 'meeting'>;

/** An appointment's calendar ids, aggregated in the statement that loads it (no query per row). */
export const calendarIdsColumn = sql<
  string[]
>`coalesce((select array_agg(${appointmentCalendars.calendarId} order by ${appointmentCalendars.calendarId}) from ${appointmentCalendars} where ${appointmentCalendars.appointmentId} = ${appointments.id}), '{}'::text[])`;

/**
 * What a list shows of an appointment, series or changed occurrence (the month sheet, the invites
 * inbox): its times and rule, name, type and its location's name out of the JSON; not its
 * description, the rest of its location, its meeting and configurations, which a page of rows
 * would otherwise read and parse whole for a few fields.
 */
export const listColumns = {
  id: appointments.id,
  kind: appointments.kind,
  seriesId: appointments.seriesId,
  originalStart: appointments.originalStart,
  name: appointments.name,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  allDay: appointments.allDay,
  timeZone: appointments.timeZone,
  recurrenceFrequency: appointments.recurrenceFrequency,
  recurrenceInterval: appointments.recurrenceInterval,
  recurrenceUnit: appointments.recurrenceUnit,
  recurrenceEndTime: appointments.recurrenceEndTime,
  canceled: appointments.canceled,
  locationName: sql<string | null>`${appointments.location}->>'name'`,
};

/** A row selected with listColumns. */
export type ListRow = Pick<AppointmentRow, Exclude<keyof typeof listColumns, 'locationName'>> & {
  locationName: string | null;
};

const exceptionColumns = {
  id: appointments.id,
  seriesId: appointments.seriesId,
  originalStart: appointments.originalStart,
  occurrenceDeleted: appointments.occurrenceDeleted,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  allDay: appointments.allDay,
  timeZone: appointments.timeZone,
};

export function createAppointmentsRepository(db: Db) {
  async function findWhere(where: ReturnType<typeof and>, tx: Db) {
    const [found] = await tx
      .select({ row: appointments, calendarIds: calendarIdsColumn })
      .from(appointments)
      .where(where)
      .limit(1);
    return found ? { ...found.row, calendarIds: found.calendarIds } : undefined;
  }

  return {
    find(networkId: string, id: string, tx: Db = db): Promise<AppointmentWithCalendars | undefined> {
      return findWhere(and(eq(appointments.networkId, networkId), eq(appointments.id, id)), tx);
    },

    /** The exception row (modified or deleted) of one occurrence of a series. */
    findException(
      networkId: string,
      seriesId: string,
      originalStart: Date,
      tx: Db = db,
    ): Promise<AppointmentWithCalendars | undefined> {
      return findWhere(
        and(
          eq(appointments.networkId, networkId),
          eq(appointments.seriesId, seriesId),
          eq(appointments.originalStart, originalStart),
        ),
        tx,
      );
    },

    /** Every exception (modified and deleted occurrences) of some series. */
    exceptionsOf(networkId: string, seriesIds: string[], tx: Db = db): Promise<ExceptionRow[]> {
      if (seriesIds.length === 0) return Promise.resolve([]);
      return tx
        .select(exceptionColumns)
        .from(appointments)
        .where(and(eq(appointments.networkId, networkId), inArray(appointments.seriesId, seriesIds)));
    },

    /** The exceptions of a series with what their own room bookings need. */
    bookableExceptionsOf(networkId: string, seriesId: string, tx: Db = db): Promise<BookableExceptionRow[]> {
      return tx
        .select({ ...exceptionColumns, canceled: appointments.canceled, meeting: appointments.meeting })
        .from(appointments)
        .where(and(eq(appointments.networkId, networkId), eq(appointments.seriesId, seriesId)));
    },

    async insert(tx: Db, row: NewAppointmentRow): Promise<AppointmentRow> {
      const [inserted] = await tx.insert(appointments).values(row).returning();
      return inserted!;
    },

    async insertMany(tx: Db, rows: NewAppointmentRow[]): Promise<Array<{ id: string }>> {
      if (rows.length === 0) return [];
      return tx.insert(appointments).values(rows).returning({ id: appointments.id });
    },

    async update(tx: Db, networkId: string, id: string, values: Partial<NewAppointmentRow>): Promise<void> {
      await tx
        .update(appointments)
        .set(values)
        .where(and(eq(appointments.networkId, networkId), eq(appointments.id, id)));
    },

    /** Deletes appointments; the rows that hang on them (exceptions, links, participants) go with them. */
    async deleteMany(tx: Db, networkId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await tx.delete(appointments).where(and(eq(appointments.networkId, networkId), inArray(appointments.id, ids)));
    },

    /** Forgets a deleted meeting room on every appointment that had it; answers how many. */
    async clearMeetingRoom(tx: Db, networkId: string, roomId: string): Promise<number> {
      const rows = await tx
        .update(appointments)
        .set({ meeting: sql`jsonb_set(${appointments.meeting}, '{room_id}', 'null'::jsonb)` })
        .where(and(eq(appointments.networkId, networkId), sql`${appointments.meeting}->>'room_id' = ${roomId}`))
        .returning({ id: appointments.id });
      return rows.length;
    },

    async setCalendars(tx: Db, networkId: string, appointmentId: string, calendarIds: string[]): Promise<void> {
      await tx.delete(appointmentCalendars).where(eq(appointmentCalendars.appointmentId, appointmentId));
      if (calendarIds.length === 0) return;
      await tx
        .insert(appointmentCalendars)
        .values([...new Set(calendarIds)].map((calendarId) => ({ appointmentId, calendarId, networkId })));
    },

    async insertCalendarLinks(tx: Db, rows: Array<typeof appointmentCalendars.$inferInsert>): Promise<void> {
      if (rows.length > 0) await tx.insert(appointmentCalendars).values(rows).onConflictDoNothing();
    },

    async setContacts(tx: Db, networkId: string, appointmentId: string, membershipIds: string[]): Promise<void> {
      await tx.delete(appointmentContacts).where(eq(appointmentContacts.appointmentId, appointmentId));
      if (membershipIds.length === 0) return;
      await tx.insert(appointmentContacts).values(
        [...new Set(membershipIds)].map((membershipId, position) => ({
          appointmentId,
          membershipId,
          networkId,
          position,
        })),
      );
    },

    async contactIds(appointmentId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ id: appointmentContacts.membershipId })
        .from(appointmentContacts)
        .where(eq(appointmentContacts.appointmentId, appointmentId))
        .orderBy(asc(appointmentContacts.position));
      return rows.map((r) => r.id);
    },

    /** Accepted participants of some appointments (series count for all their occurrences). */
    async attendingCounts(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: appointmentParticipants.appointmentId, n: sql<number>`count(*)::int` })
        .from(appointmentParticipants)
        .where(and(inArray(appointmentParticipants.appointmentId, ids), eq(appointmentParticipants.status, 'accepted')))
        .groupBy(appointmentParticipants.appointmentId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    async insertParticipants(tx: Db, rows: Array<typeof appointmentParticipants.$inferInsert>): Promise<void> {
      if (rows.length > 0) await tx.insert(appointmentParticipants).values(rows).onConflictDoNothing();
    },

    categories(networkId: string): Promise<CategoryRow[]> {
      return db
        .select()
        .from(appointmentCategories)
        .where(eq(appointmentCategories.networkId, networkId))
        .orderBy(asc(appointmentCategories.position), asc(appointmentCategories.label), asc(appointmentCategories.id));
    },

    async category(networkId: string, id: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(appointmentCategories)
        .where(and(eq(appointmentCategories.networkId, networkId), eq(appointmentCategories.id, id)))
        .limit(1);
      return row;
    },

    async insertCategories(rows: Array<typeof appointmentCategories.$inferInsert>): Promise<CategoryRow[]> {
      if (rows.length === 0) return [];
      return db.insert(appointmentCategories).values(rows).onConflictDoNothing().returning();
    },

    /**
     * The calendars of some appointments and of the occurrences modified in their series (whose
     * readers see the series' files too): one query.
     */
    async calendarIdsOfOwners(
      networkId: string,
      ids: string[],
    ): Promise<Array<{ id: string; seriesId: string | null; calendarIds: string[] }>> {
      if (ids.length === 0) return [];
      return db
        .select({ id: appointments.id, seriesId: appointments.seriesId, calendarIds: calendarIdsColumn })
        .from(appointments)
        .where(
          and(
            eq(appointments.networkId, networkId),
            eq(appointments.occurrenceDeleted, false),
            or(inArray(appointments.id, ids), inArray(appointments.seriesId, ids)),
          ),
        );
    },

    /** The appointments in a calendar (for its deletion). */
    async idsInCalendar(tx: Db, calendarId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: appointmentCalendars.appointmentId })
        .from(appointmentCalendars)
        .where(eq(appointmentCalendars.calendarId, calendarId));
      return rows.map((r) => r.id);
    },

    async unlinkCalendar(tx: Db, calendarId: string): Promise<void> {
      await tx.delete(appointmentCalendars).where(eq(appointmentCalendars.calendarId, calendarId));
    },

    /** Of some appointments, those in no calendar at all. */
    async withoutCalendars(
      tx: Db,
      networkId: string,
      ids: string[],
    ): Promise<Array<{ id: string; seriesId: string | null }>> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: appointments.id, seriesId: appointments.seriesId })
        .from(appointments)
        .where(
          and(
            eq(appointments.networkId, networkId),
            inArray(appointments.id, ids),
            sql`not exists (select 1 from ${appointmentCalendars} where ${appointmentCalendars.appointmentId} = ${appointments.id})`,
          ),
        );
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
