import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { calendarIdsColumn, type AppointmentWithCalendars } from './repository.ts';
import { appointmentCalendars, appointments } from './tables.ts';

/**
 * What global search reads of appointments: whole rows of single appointments, series and
 * modified occurrences (deleted occurrences are no hits), with their calendars, in one query.
 */
export function createAppointmentSearchRepository(db: Db) {
  async function rowsWhere(where: ReturnType<typeof and>, limit?: number): Promise<AppointmentWithCalendars[]> {
    const query = db
      .select({ row: appointments, calendarIds: calendarIdsColumn })
      .from(appointments)
      .where(and(where, eq(appointments.occurrenceDeleted, false)))
      .orderBy(asc(appointments.id));
    const found = limit === undefined ? await query : await query.limit(limit);
    return found.map(({ row, calendarIds }) => ({ ...row, calendarIds }));
  }

  return {
    byIds(networkId: string, ids: string[]): Promise<AppointmentWithCalendars[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return rowsWhere(and(eq(appointments.networkId, networkId), inArray(appointments.id, ids)));
    },
    page(networkId: string, afterId: string | null, limit: number): Promise<AppointmentWithCalendars[]> {
      return rowsWhere(
        and(eq(appointments.networkId, networkId), afterId === null ? undefined : gt(appointments.id, afterId)),
        limit,
      );
    },
    /** The rows of a series' changed occurrences, deleted ones included (their documents go). */
    async exceptionIds(networkId: string, seriesId: string): Promise<string[]> {
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.networkId, networkId), eq(appointments.seriesId, seriesId)));
      return rows.map((r) => r.id);
    },
    /** The appointments linked to a calendar (before a deleted calendar's links are removed). */
    async idsInCalendar(networkId: string, calendarId: string): Promise<string[]> {
      const rows = await db
        .select({ id: appointmentCalendars.appointmentId })
        .from(appointmentCalendars)
        .where(and(eq(appointmentCalendars.networkId, networkId), eq(appointmentCalendars.calendarId, calendarId)));
      return rows.map((r) => r.id);
    },
  };
}

export type AppointmentSearchRepository = ReturnType<typeof createAppointmentSearchRepository>;
