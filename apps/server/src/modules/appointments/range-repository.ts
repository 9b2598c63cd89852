import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { PARTICIPATING_STATUSES, type MemberParticipantRow } from './participation/participating.ts';
import { calendarIdsColumn, listColumns, type AppointmentRow, type ExceptionRow, type ListRow } from './repository.ts';
import { appointmentCalendars, appointmentParticipants, appointments } from './tables.ts';

/** What the month sheet and the feeds ask for: appointments of some calendars overlapping a window. */
export type RangeFilter = {
  networkId: string;
  /** The appointment must be in one of these calendars. */
  calendarIds: string[];
  /** The window [from, to); `to` null leaves it open. */
  from: Date;
  to: Date | null;
  /** Only where this member takes part (see PARTICIPATING_STATUSES), of the series for occurrences. */
  participantId: string | null;
  /** Only where any of these members takes part, as participantId (the batch of many members). */
  anyParticipantOf?: string[];
  limit: number;
};

/** A row of the month sheet: what a list item shows, no descriptions or settings. */
export type MonthRow = ListRow & { hasMeeting: boolean; calendarIds: string[]; seriesTimeZone: string | null };

export type FeedRow = AppointmentRow & { calendarIds: string[]; seriesTimeZone: string | null };

const series = alias(appointments, 'series');

/**
 * One statement, whatever the number of calendars or series: the overlap test uses the GiST
 * index on tstzrange(starts_at, range_end) (range_end null: a series without end overlaps
 * everything after its start), the calendars an EXISTS on their links.
 */
function rangeWhere(filter: RangeFilter) {
  const conditions = [
    eq(appointments.networkId, filter.networkId),
    eq(appointments.occurrenceDeleted, false),
    sql`tstzrange(${appointments.startsAt}, ${appointments.rangeEnd}, '[]') && tstzrange(${filter.from.toISOString()}::timestamptz, ${filter.to?.toISOString() ?? null}::timestamptz, '[)')`,
    sql`exists (select 1 from ${appointmentCalendars} where ${appointmentCalendars.appointmentId} = ${appointments.id} and ${inArray(appointmentCalendars.calendarId, filter.calendarIds)})`,
  ];
  const participants = filter.anyParticipantOf
    ? sql`${appointmentParticipants.membershipId} = any(${sql.param(filter.anyParticipantOf)}::text[])`
    : filter.participantId
      ? sql`${appointmentParticipants.membershipId} = ${filter.participantId}`
      : null;
  if (participants) {
    // Any row of the member that shows (of the series or of one occurrence): which occurrences
    // then show is decided with the member's rows (participatingIn), after the expansion.
    conditions.push(
      sql`exists (select 1 from ${appointmentParticipants} where ${appointmentParticipants.appointmentId} = coalesce(${appointments.seriesId}, ${appointments.id}) and ${participants} and ${inArray(appointmentParticipants.status, [...PARTICIPATING_STATUSES])})`,
    );
  }
  return and(...conditions);
}

export function createRangeRepository(db: Db) {
  /** Participant rows of many members in some appointments and series, each with its member: one query. */
  function membersRows(
    membershipIds: string[],
    ownerIds: string[],
  ): Promise<Array<MemberParticipantRow & { membershipId: string }>> {
    if (membershipIds.length === 0 || ownerIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        membershipId: appointmentParticipants.membershipId,
        appointmentId: appointmentParticipants.appointmentId,
        occurrenceKey: appointmentParticipants.occurrenceKey,
        status: appointmentParticipants.status,
      })
      .from(appointmentParticipants)
      .where(
        and(
          sql`${appointmentParticipants.membershipId} = any(${sql.param(membershipIds)}::text[])`,
          sql`${appointmentParticipants.appointmentId} = any(${sql.param(ownerIds)}::text[])`,
        ),
      );
  }

  return {
    /** Singles, series and modified occurrences overlapping the window, by start. */
    async monthRows(filter: RangeFilter): Promise<MonthRow[]> {
      if (filter.calendarIds.length === 0) return [];
      return db
        .select({
          ...listColumns,
          hasMeeting: sql<boolean>`(coalesce(${appointments.meeting}->>'join_url', ${appointments.meeting}->>'room_id') is not null)`,
          calendarIds: calendarIdsColumn,
          seriesTimeZone: series.timeZone,
        })
        .from(appointments)
        .leftJoin(series, eq(series.id, appointments.seriesId))
        .where(rangeWhere(filter))
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .limit(filter.limit);
    },

    /** Like monthRows, with every field an ICS event needs. */
    async feedRows(filter: RangeFilter): Promise<FeedRow[]> {
      if (filter.calendarIds.length === 0) return [];
      const rows = await db
        .select({ row: appointments, calendarIds: calendarIdsColumn, seriesTimeZone: series.timeZone })
        .from(appointments)
        .leftJoin(series, eq(series.id, appointments.seriesId))
        .where(rangeWhere(filter))
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
        .limit(filter.limit);
      return rows.map((r) => ({ ...r.row, calendarIds: r.calendarIds, seriesTimeZone: r.seriesTimeZone }));
    },

    /** A member's participant rows of some appointments and series (the participating views): one query. */
    memberRows(membershipId: string, ownerIds: string[]): Promise<MemberParticipantRow[]> {
      return membersRows([membershipId], ownerIds);
    },

    /** memberRows of many members at once, each row with its member: one query. */
    membersRows,

    /** The exceptions of some series whose original start lies in [from, to): one query. */
    exceptionsBetween(networkId: string, seriesIds: string[], from: Date, to: Date): Promise<ExceptionRow[]> {
      if (seriesIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: appointments.id,
          seriesId: appointments.seriesId,
          originalStart: appointments.originalStart,
          occurrenceDeleted: appointments.occurrenceDeleted,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          allDay: appointments.allDay,
          timeZone: appointments.timeZone,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.networkId, networkId),
            // One array parameter rather than hundreds of them: less to send and to parse.
            sql`${appointments.seriesId} = any(${sql.param(seriesIds)}::text[])`,
            gte(appointments.originalStart, from),
            lt(appointments.originalStart, to),
          ),
        );
    },

    /** Every exception of some series with its fields and calendars (for the feeds). */
    async feedExceptions(
      networkId: string,
      seriesIds: string[],
    ): Promise<Array<AppointmentRow & { calendarIds: string[] }>> {
      if (seriesIds.length === 0) return [];
      const rows = await db
        .select({ row: appointments, calendarIds: calendarIdsColumn })
        .from(appointments)
        .where(and(eq(appointments.networkId, networkId), inArray(appointments.seriesId, seriesIds)));
      return rows.map((r) => ({ ...r.row, calendarIds: r.calendarIds }));
    },
  };
}

export type RangeRepository = ReturnType<typeof createRangeRepository>;
