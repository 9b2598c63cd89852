import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InviteListStatus, ParticipationListStatus } from '@agora/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { calendarIdsColumn, listColumns, type AppointmentWithCalendars, type ListRow } from '../repository.ts';
import {
  appointmentInvites,
  appointmentParticipants,
  appointments,
  type StoredLocation,
  type StoredMeeting,
  type StoredParticipantStatus,
} from '../tables.ts';
import { occurrenceEndSql, occurrenceStartSql } from '../invite-lifecycle.ts';
import { effectiveWhere, type ParticipationScope } from '../participation/repository.ts';

export type InviteRow = typeof appointmentInvites.$inferSelect;

/**
 * An invite with its appointment or series (null once deleted), and its creation time as ISO
 * text in UTC with microseconds (the invites' shared order; a Date would lose the microseconds).
 */
export type InviteWithAppointment = { invite: InviteRow; appointment: InboxAppointment | null; at: string };

/**
 * What the inbox shows and judges of an appointment, series or changed occurrence: its times and
 * rule, name, type, location's name, and what the read policy asks. Not its description, the
 * rest of its location, its meeting and configurations: a page of 50 read and parsed each whole
 * row (on the embedded database, in the server's thread) for a few fields of it.
 */
export type InboxAppointment = Omit<ListRow, 'locationName'> &
  Pick<
    AppointmentWithCalendars,
    'networkId' | 'occurrenceDeleted' | 'authorId' | 'attendeeConfiguration' | 'calendarIds'
  > & {
    location: Pick<StoredLocation, 'name'>;
    meeting: Pick<StoredMeeting, 'room_id'>;
  };

/** A member's participant row with its appointment or series, and where the list continues after it. */
export type ParticipationWithAppointment = {
  id: string;
  status: StoredParticipantStatus;
  occurrenceKey: string;
  appointment: InboxAppointment;
  /** The row's sort time (ISO), for the next page's cursor. */
  sortAt: string;
};

const i = appointmentInvites;
const p = appointmentParticipants;
const a = appointments;
const e = alias(appointments, 'e');

/** The columns of InboxAppointment (of `a`): a list's, what the read policy asks, and the meeting room out of its JSON. */
const inboxColumns = {
  ...listColumns,
  networkId: a.networkId,
  occurrenceDeleted: a.occurrenceDeleted,
  authorId: a.authorId,
  attendeeConfiguration: a.attendeeConfiguration,
  meetingRoomId: sql<string | null>`${a.meeting}->>'room_id'`,
};

type InboxColumns = Omit<InboxAppointment, 'location' | 'meeting' | 'calendarIds'> & {
  locationName: string | null;
  meetingRoomId: string | null;
};

/** An InboxAppointment of a row selected with inboxColumns (null where a left join found none). */
const withCalendars = (row: { appointment: unknown; calendarIds: string[] | null }): InboxAppointment | null => {
  // A left join types each column as nullable; the id says whether there was a row, and then all are as stored.
  const appointment = row.appointment as InboxColumns | null;
  if (!appointment?.id) return null;
  const { locationName, meetingRoomId, ...columns } = appointment;
  return {
    ...columns,
    location: { name: locationName },
    meeting: { room_id: meetingRoomId },
    calendarIds: row.calendarIds ?? [],
  };
};

/** An invite's creation time as ISO text in UTC with microseconds. */
const inviteAt = sql<string>`to_char(${i.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The series `a` (its time zone and times) places occurrence keys in time. */
const seriesTimes = { timeZone: a.timeZone, startsAt: a.startsAt, endsAt: a.endsAt };

export function createInboxRepository(db: Db) {
  return {
    /**
     * A page of a member's invites in one tab, newest first, keyed on (created_at, id), the
     * order all kinds of invite share: open (stored open, not over, its appointment there),
     * expired (stored open and over), obsolete. One more than `limit` tells whether a page
     * follows. The index on (membership_id, status, created_at, id) serves each tab.
     */
    async invitesPage(
      networkId: string,
      membershipId: string,
      status: InviteListStatus,
      options: { limit: number; after?: { at: string; id: string } | null | undefined; now: Date },
    ): Promise<InviteWithAppointment[]> {
      const conditions: Array<SQL | undefined> = [eq(i.membershipId, membershipId), eq(i.networkId, networkId)];
      if (status === 'obsolete') conditions.push(eq(i.status, 'obsolete'));
      else conditions.push(eq(i.status, 'open'), isNotNull(i.appointmentId));
      if (status === 'open') conditions.push(or(isNull(i.endsAt), gt(i.endsAt, options.now)));
      if (status === 'expired') conditions.push(lte(i.endsAt, options.now));
      if (options.after) {
        conditions.push(sql`(${i.createdAt}, ${i.id}) < (${options.after.at}::timestamptz, ${options.after.id})`);
      }
      const rows = await db
        .select({ invite: i, appointment: inboxColumns, calendarIds: calendarIdsColumn, at: inviteAt })
        .from(i)
        .leftJoin(a, eq(a.id, i.appointmentId))
        .where(and(...conditions))
        .orderBy(desc(i.createdAt), desc(i.id))
        .limit(options.limit + 1);
      return rows.map((row) => ({ invite: row.invite, appointment: withCalendars(row), at: row.at }));
    },

    /** One of a member's invites with its appointment. */
    async invite(networkId: string, membershipId: string, id: string): Promise<InviteWithAppointment | null> {
      const [row] = await db
        .select({ invite: i, appointment: inboxColumns, calendarIds: calendarIdsColumn, at: inviteAt })
        .from(i)
        .leftJoin(a, eq(a.id, i.appointmentId))
        .where(and(eq(i.networkId, networkId), eq(i.membershipId, membershipId), eq(i.id, id)))
        .limit(1);
      return row ? { invite: row.invite, appointment: withCalendars(row), at: row.at } : null;
    },

    /**
     * The accepted participants of some scopes (an appointment or series, or one occurrence of
     * it, counted as answering counts places): one statement, in the order of the scopes.
     */
    async acceptedCounts(scopes: ParticipationScope[]): Promise<number[]> {
      if (scopes.length === 0) return [];
      const counts = Object.fromEntries(
        scopes.map((scope, index) => [
          `n${index}`,
          sql<number>`count(*) filter (where ${effectiveWhere(scope)})`.mapWith(Number),
        ]),
      );
      const ownerIds = [...new Set(scopes.map((scope) => scope.ownerId))];
      const [row] = await db
        .select(counts)
        .from(p)
        .where(and(inArray(p.appointmentId, ownerIds), eq(p.status, 'accepted')));
      return scopes.map((_, index) => row?.[`n${index}`] ?? 0);
    },

    /** A member's participant rows of some appointments and series (occurrence rows too): one query. */
    memberRows(
      membershipId: string,
      ownerIds: string[],
    ): Promise<Array<{ appointmentId: string; occurrenceKey: string; status: StoredParticipantStatus }>> {
      if (ownerIds.length === 0) return Promise.resolve([]);
      return db
        .select({ appointmentId: p.appointmentId, occurrenceKey: p.occurrenceKey, status: p.status })
        .from(p)
        .where(and(eq(p.membershipId, membershipId), inArray(p.appointmentId, ownerIds)));
    },

    /** The exception rows (changed or deleted occurrences) of some series at some original starts: one query. */
    async exceptionsAt(
      networkId: string,
      wanted: Array<{ seriesId: string; originalStart: Date }>,
    ): Promise<InboxAppointment[]> {
      if (wanted.length === 0) return [];
      const rows = await db
        .select({ appointment: inboxColumns, calendarIds: calendarIdsColumn })
        .from(a)
        .where(
          and(
            eq(a.networkId, networkId),
            inArray(a.seriesId, [...new Set(wanted.map((w) => w.seriesId))]),
            inArray(
              a.originalStart,
              wanted.map((w) => w.originalStart),
            ),
          ),
        );
      return rows.map((row) => withCalendars(row)!);
    },

    /**
     * A page of a member's participations (calendars spec: upcoming, accepted and declined tabs)
     * in one statement. Each row is an appointment, a series, or one occurrence of a series (a
     * row of its own for that occurrence), placed by its start: an occurrence by its own start
     * (as changed alone, if it was). Upcoming: accepted and not over, soonest first, a series
     * running now counting as now; accepted (also past) and declined (or rejected): newest
     * first. Keyed on (time, id) for the next page; `now` is the first page's, so that the
     * order holds while the member pages.
     */
    async participationsPage(
      networkId: string,
      membershipId: string,
      status: ParticipationListStatus,
      options: { limit: number; now: Date; after?: { at: string; id: string } | undefined },
    ): Promise<ParticipationWithAppointment[]> {
      const occurrence = ne(p.occurrenceKey, '');
      const exceptionJoin = and(
        occurrence,
        eq(e.seriesId, a.id),
        sql`${e.originalStart} = ${occurrenceStartSql(p.occurrenceKey, seriesTimes)}`,
      );
      const now = sql`${options.now.toISOString()}::timestamptz`;
      const isSeries = sql`(${a.seriesId} is null and ${a.recurrenceFrequency} <> 'never')`;
      const startAt = sql`case when ${occurrence} then coalesce(${e.startsAt}, ${occurrenceStartSql(p.occurrenceKey, seriesTimes)}) else ${a.startsAt} end`;
      const sortAt =
        status === 'upcoming'
          ? sql`case when ${isSeries} and ${p.occurrenceKey} = '' then greatest(${a.startsAt}, ${now}) else ${startAt} end`
          : startAt;
      const endAt = sql`case when ${occurrence} then coalesce(${e.endsAt}, ${e.startsAt}, ${occurrenceEndSql(p.occurrenceKey, seriesTimes)}) else ${a.rangeEnd} end`;
      const conditions: Array<SQL | undefined> = [
        eq(p.membershipId, membershipId),
        eq(p.networkId, networkId),
        status === 'declined' ? inArray(p.status, ['declined', 'rejected']) : eq(p.status, 'accepted'),
        // An occurrence deleted alone is no participation any more.
        or(isNull(e.id), eq(e.occurrenceDeleted, false)),
      ];
      if (status === 'upcoming') conditions.push(sql`(${endAt} is null or ${endAt} > ${now})`);
      if (options.after) {
        const at = sql`${options.after.at}::timestamptz`;
        conditions.push(
          status === 'upcoming'
            ? sql`(${sortAt}, ${p.id}) > (${at}, ${options.after.id})`
            : sql`(${sortAt}, ${p.id}) < (${at}, ${options.after.id})`,
        );
      }
      const order = status === 'upcoming' ? [asc(sortAt), asc(p.id)] : [desc(sortAt), desc(p.id)];
      const rows = await db
        .select({
          id: p.id,
          status: p.status,
          occurrenceKey: p.occurrenceKey,
          appointment: inboxColumns,
          calendarIds: calendarIdsColumn,
          sortAt: sql<string>`to_char(${sortAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(p)
        .innerJoin(a, eq(a.id, p.appointmentId))
        .leftJoin(e, exceptionJoin)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(options.limit + 1);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        occurrenceKey: row.occurrenceKey,
        appointment: withCalendars(row)!,
        sortAt: row.sortAt,
      }));
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
