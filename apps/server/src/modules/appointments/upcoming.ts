import { APPOINTMENT_LIMITS, occurrenceId } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { CalendarsService } from '../calendars/index.ts';
import { excludedStarts, isSeriesRow } from './month.ts';
import { participatingIn, type MemberParticipantRow } from './participation/participating.ts';
import type { MonthRow, RangeRepository } from './range-repository.ts';
import { localDate, occurrenceKey, occurrencesBetween, zonedInstant } from './recurrence.ts';
import { ruleOf } from './times.ts';

/** An appointment, or an occurrence of a series, a member takes part in. */
export type UpcomingAppointment = {
  /** The appointment's id, or the occurrence's (`r-{series}-{local start}`). */
  id: string;
  path: string;
  name: string;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  /**
   * Where it stands in the list: its start, or for an all-day one the midnight in the zone asked
   * of its day (the day its own zone names, as `date.start` shows it).
   */
  at: Date;
};

export type UpcomingQuery = {
  /** Those starting from here on; all-day ones from this day on (in `timeZone`), also when begun. */
  from: Date;
  /** Those standing in the list before this. */
  to: Date;
  timeZone: string;
  /** At most so many per member, the first ones. */
  max: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows read for one batch, by start: far more than the members' next few need. */
const BATCH_ROWS = 20_000;

/** One item before it is judged for each member. */
type Candidate = UpcomingAppointment & { ownerId: string; key: string; calendarIds: string[] };

/**
 * The next appointments and occurrences of series each of some members takes part in, by the
 * rules of the participating month view (month.ts with participantId): in a calendar the member
 * may read, the series expanded minus their exceptions, what participatingIn shows. In a fixed
 * number of statements however many members: their readable calendars (the calendars module,
 * two), the rows any of them takes part in, their participant rows of those, the exceptions of
 * the series. Canceled ones are left out: they do not take place.
 */
export function createUpcoming(deps: { ranges: RangeRepository; calendars: CalendarsService }) {
  return async function upcoming(actors: Actor[], query: UpcomingQuery): Promise<Map<string, UpcomingAppointment[]>> {
    const result = new Map<string, UpcomingAppointment[]>(actors.map((a) => [a.membershipId, []]));
    if (actors.length === 0 || query.max <= 0 || !(query.from < query.to)) return result;
    const networkId = actors[0]!.networkId;
    const readable = await deps.calendars.readableByMembers(actors);
    const readableIds = new Map([...readable].map(([id, list]) => [id, new Set(list.map((c) => c.id))]));
    const calendarIds = [...new Set([...readableIds.values()].flatMap((ids) => [...ids]))];
    const membershipIds = actors.map((a) => a.membershipId);

    // A day of margin each side: an all-day appointment's day is its own zone's, not `timeZone`'s.
    const from = new Date(query.from.getTime() - DAY_MS);
    const to = new Date(query.to.getTime() + DAY_MS);
    const rows = await deps.ranges.monthRows({
      networkId,
      calendarIds,
      from,
      to,
      participantId: null,
      anyParticipantOf: membershipIds,
      limit: BATCH_ROWS,
    });
    if (rows.length === 0) return result;
    const participantRows = await deps.ranges.membersRows(membershipIds, [
      ...new Set(rows.map((r) => r.seriesId ?? r.id)),
    ]);
    const cap = APPOINTMENT_LIMITS.monthMaxAppointments;
    const expanded = rows
      .filter(isSeriesRow)
      .map((row) => ({ row, occurrences: occurrencesBetween(ruleOf(row), from, to, cap + 1) }))
      .filter((e) => e.occurrences.length > 0);
    let firstStart = Infinity;
    for (const e of expanded) firstStart = Math.min(firstStart, e.occurrences[0]!.start.getTime());
    const exceptions = Number.isFinite(firstStart)
      ? await deps.ranges.exceptionsBetween(
          networkId,
          expanded.map((e) => e.row.id),
          new Date(firstStart),
          to,
        )
      : [];
    const excluded = excludedStarts(exceptions);

    const firstDay = localDate(query.from, query.timeZone);
    const candidates: Candidate[] = [];
    const consider = (row: MonthRow, ownerId: string, key: string, id: string, start: Date, end: Date | null) => {
      if (row.canceled) return;
      let at = start;
      if (row.allDay) {
        const day = localDate(start, row.timeZone);
        if (day < firstDay) return;
        at = zonedInstant(day, query.timeZone);
      } else if (start < query.from) return;
      if (at >= query.to) return;
      candidates.push({
        id,
        path: `/appointments/${id}`,
        name: row.name,
        startsAt: start,
        endsAt: end,
        allDay: row.allDay,
        at,
        ownerId,
        key,
        calendarIds: row.calendarIds,
      });
    };
    for (const row of rows) {
      if (isSeriesRow(row)) continue;
      const key =
        row.seriesId && row.originalStart ? occurrenceKey(row.originalStart, row.seriesTimeZone ?? row.timeZone) : '';
      const id = row.seriesId && key ? occurrenceId(row.seriesId, key) : row.id;
      consider(row, row.seriesId ?? row.id, key, id, row.startsAt, row.endsAt);
    }
    for (const { row, occurrences } of expanded) {
      const skipped = excluded.get(row.id);
      for (const o of occurrences) {
        if (skipped?.has(o.start.getTime())) continue;
        consider(row, row.id, o.key, occurrenceId(row.id, o.key), o.start, o.end);
      }
    }
    candidates.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

    const rowsOf = new Map<string, MemberParticipantRow[]>();
    for (const { membershipId, ...row } of participantRows) {
      let list = rowsOf.get(membershipId);
      if (!list) rowsOf.set(membershipId, (list = []));
      list.push(row);
    }
    for (const membershipId of membershipIds) {
      const own = rowsOf.get(membershipId);
      const ids = readableIds.get(membershipId);
      if (!own || !ids || ids.size === 0) continue;
      const participation = participatingIn(own);
      const found = result.get(membershipId)!;
      for (const c of candidates) {
        if (!participation.shows(c.ownerId, c.key) || !c.calendarIds.some((id) => ids.has(id))) continue;
        const { ownerId: _owner, key: _key, calendarIds: _calendars, ...item } = c;
        found.push(item);
        if (found.length >= query.max) break;
      }
    }
    return result;
  };
}
