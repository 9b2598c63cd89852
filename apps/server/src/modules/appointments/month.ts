import { APPOINTMENT_LIMITS, occurrenceId, type appointmentsMonthQuerySchema } from '@agora/contracts';
import type { z } from 'zod';
import { unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { CalendarAccess, CalendarsService } from '../calendars/index.ts';
import { createMonthCache, etagOf, type CachedAnswer, type MonthCache } from './month-cache.ts';
import { jsonBuffer, listItemWriter } from './month-json.ts';
import { participatingIn } from './participation/participating.ts';
import type { MonthRow, RangeRepository } from './range-repository.ts';
import type { ExceptionRow } from './repository.ts';
import { formatInZone, isValidTimeZone, occurrenceKey, occurrencesBetween, zonedInstant } from './recurrence.ts';
import { addDays, ruleOf } from './times.ts';

export type MonthQuery = z.output<typeof appointmentsMonthQuerySchema>;

/** A month answer: its entity tag, and its JSON (AppointmentMonth, also gzipped) when it is sent. */
export type MonthAnswer = { etag: string; body: () => Promise<CachedAnswer> };

const SHEET_DAYS = 42;
/** Part of every cache key and ETag: raise it when the answer's shape or content rules change. */
const ANSWER_FORMAT = 'month-2';

/** The six weeks a month sheet shows: from the Monday on or before the 1st, local midnights in the zone. */
export function monthWindow(date: string, timeZone: string): { from: Date; to: Date } {
  const first = `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  const monday = addDays(first, -((weekday + 6) % 7));
  return { from: zonedInstant(monday, timeZone), to: zonedInstant(addDays(monday, SHEET_DAYS), timeZone) };
}

/** Whether [start, end) overlaps [from, to); without an end, whether it starts inside. */
function overlaps(start: Date, end: Date | null, from: Date, to: Date): boolean {
  if (start >= to) return false;
  return end && end > start ? end > from : start >= from;
}

export const isSeriesRow = (row: MonthRow) => !row.seriesId && row.recurrenceFrequency !== 'never';

/** The original starts of the deleted and modified occurrences (the modified ones show as their own rows), by series. */
export function excludedStarts(exceptions: ExceptionRow[]): Map<string, Set<number>> {
  const excluded = new Map<string, Set<number>>();
  for (const e of exceptions) {
    if (!e.seriesId || !e.originalStart) continue;
    let starts = excluded.get(e.seriesId);
    if (!starts) excluded.set(e.seriesId, (starts = new Set()));
    starts.add(e.originalStart.getTime());
  }
  return excluded;
}

/** What one month answer is computed from; `calendars` are readable and selected, in the filter's order. */
type MonthInput = {
  networkId: string;
  calendars: CalendarAccess[];
  from: Date;
  to: Date;
  timeZone: string;
  participantId: string | null;
};

/** One item of the answer before it is written: an appointment, or an occurrence of a series. */
type Entry = {
  start: number;
  id: string;
  startsAt: Date;
  endsAt: Date | null;
  write: ReturnType<typeof listItemWriter>;
};

export function createMonth(deps: { ranges: RangeRepository; calendars: CalendarsService; cache?: MonthCache }) {
  const cache = deps.cache ?? createMonthCache();

  /**
   * The answer's JSON, from two statements whatever the number of calendars or series (the rows,
   * the exceptions of the series), three for the participating view (the member's participant
   * rows), after the one month() reads the calendars and version with.
   */
  async function compute(input: MonthInput): Promise<Buffer> {
    const { from, to } = input;
    const cap = APPOINTMENT_LIMITS.monthMaxAppointments;
    const order = new Map(input.calendars.map((c, i) => [c.id, i]));
    const colors = new Map(input.calendars.map((c) => [c.id, c.color]));

    const rows = await deps.ranges.monthRows({
      networkId: input.networkId,
      calendarIds: input.calendars.map((c) => c.id),
      from,
      to,
      participantId: input.participantId,
      limit: cap + 1,
    });
    let truncated = rows.length > cap;
    const kept = rows.slice(0, cap);
    // The participating view: which appointments and occurrences the member's rows show.
    const participation = input.participantId
      ? participatingIn(
          await deps.ranges.memberRows(input.participantId, [...new Set(kept.map((r) => r.seriesId ?? r.id))]),
        )
      : null;

    const expanded = kept.filter(isSeriesRow).map((row) => ({
      row,
      occurrences: occurrencesBetween(ruleOf(row), from, to, cap + 1),
    }));
    let firstStart = Infinity;
    for (const e of expanded) if (e.occurrences[0]) firstStart = Math.min(firstStart, e.occurrences[0].start.getTime());
    const exceptions = Number.isFinite(firstStart)
      ? await deps.ranges.exceptionsBetween(
          input.networkId,
          expanded.filter((e) => e.occurrences.length > 0).map((e) => e.row.id),
          new Date(firstStart),
          to,
        )
      : [];
    const excluded = excludedStarts(exceptions);

    // An item names the calendars of this view it is in, and takes the colour of the first of
    // them in the filter's order (the rows were chosen by these calendars, so there is one).
    const writerOf = (row: MonthRow, isOccurrence: boolean) => {
      const ids = row.calendarIds.filter((id) => order.has(id));
      let first = ids[0] ?? '';
      for (const id of ids) if (order.get(id)! < order.get(first)!) first = id;
      return listItemWriter(row, isOccurrence, { ids, color: colors.get(first) ?? '' });
    };

    const entries: Entry[] = [];
    for (const row of kept) {
      if (isSeriesRow(row) || !overlaps(row.startsAt, row.endsAt, from, to)) continue;
      const isOccurrence = row.seriesId !== null;
      const key =
        row.seriesId && row.originalStart ? occurrenceKey(row.originalStart, row.seriesTimeZone ?? row.timeZone) : '';
      if (participation && !participation.shows(row.seriesId ?? row.id, key)) continue;
      const id = row.seriesId && key ? occurrenceId(row.seriesId, key) : row.id;
      const write = writerOf(row, isOccurrence);
      entries.push({ start: row.startsAt.getTime(), id, startsAt: row.startsAt, endsAt: row.endsAt, write });
    }
    for (const { row, occurrences } of expanded) {
      if (occurrences.length === 0) continue;
      const write = writerOf(row, true);
      const skipped = excluded.get(row.id);
      for (const o of occurrences) {
        const start = o.start.getTime();
        if (skipped?.has(start)) continue;
        if (participation && !participation.shows(row.id, o.key)) continue;
        entries.push({ start, id: occurrenceId(row.id, o.key), startsAt: o.start, endsAt: o.end, write });
      }
    }
    entries.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    if (entries.length > cap) truncated = true;

    const shown = entries.length > cap ? entries.slice(0, cap) : entries;
    const head = `{"from":"${formatInZone(from, input.timeZone)}","to":"${formatInZone(to, input.timeZone)}","appointments":[`;
    return jsonBuffer(
      head,
      shown.map((e) => e.write(e.id, e.startsAt, e.endsAt)),
      `],"truncated":${truncated}}`,
    );
  }

  return {
    /**
     * `GET /appointments` and `/appointments/participating`: the appointments of the sheet's six
     * weeks, occurrences of series included (expanded here, minus their exceptions), as
     * AppointmentMonth JSON. Readability is decided on every request; the answer is cached under
     * a key of everything it depends on: the network's calendar version (raised by every write
     * to calendars and appointments), for the participating view the member and the network's
     * participation version (raised by every write to who takes part), the readable
     * selected calendars in their order, the window and its zone. Nothing else in an item
     * depends on who asks.
     */
    async month(actor: Actor, query: MonthQuery, participating: boolean): Promise<MonthAnswer> {
      if (!isValidTimeZone(query.time_zone)) throw unprocessable({ time_zone: ['invalid'] });
      const { from, to } = monthWindow(query.date, query.time_zone);
      const { calendars: readable, versions } = await deps.calendars.accessibleWithVersion(actor, query.calendar_ids);
      // Ids in the URL that are not (or no longer) readable are left out, not refused.
      const wanted = query.calendar_ids ? new Set(query.calendar_ids) : null;
      const selected = wanted ? readable.filter((c) => wanted.has(c.id)) : readable;
      const input: MonthInput = {
        networkId: actor.networkId,
        calendars: selected,
        from,
        to,
        timeZone: query.time_zone,
        participantId: participating ? actor.membershipId : null,
      };
      const key = JSON.stringify([
        ANSWER_FORMAT,
        input.networkId,
        versions.version,
        // Only the participating view shows who takes part.
        participating ? versions.participationVersion : '',
        input.participantId ?? '',
        selected.map((c) => c.id),
        from.toISOString(),
        input.timeZone,
      ]);
      return { etag: etagOf(key), body: () => cache.get(key, () => compute(input)) };
    },
  };
}
