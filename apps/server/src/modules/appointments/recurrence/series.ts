import {
  monthStepDay,
  recurrenceStep,
  type CivilDay,
  type RecurrenceFrequency,
  type RecurrenceUnit,
} from '@agora/contracts';
import { DAY, civilFromDays, daysFromCivil, formatLocalKey, parseLocalKey, splitLocal } from './civil.ts';
import { assertZone, toInstant, toLocal } from './zone-time.ts';

export type SeriesRule = {
  /** The first occurrence's start (an instant). */
  start: Date;
  /** The first occurrence's end; null: the appointment has no end. */
  end: Date | null;
  /** All-day: start is local midnight; end is local midnight of the day after the last day. */
  allDay: boolean;
  /** IANA zone of the appointment. */
  timeZone: string;
  /** 'never' gives the single occurrence. */
  frequency: RecurrenceFrequency;
  /** >= 1; with daily..yearly it counts that unit, with 'custom' the `unit`. */
  interval: number;
  /** The unit of 'custom'. */
  unit: RecurrenceUnit;
  /** recurrence_end_time: no occurrence starts after it; null = forever. */
  until: Date | null;
};

/** key: the occurrence's local start 'yyyyMMddTHHmm' in the series' zone. */
export type Occurrence = { start: Date; end: Date | null; key: string };

// A series is a grid of floating local starts: the first start plus k steps, a step being a
// fixed number of days (daily, weekly) or of months (monthly, yearly), as the contracts'
// recurrenceStep and monthStepDay define them for the form's summary too. The k-th start is
// computed directly, so a range is reached by one division however old the series is, and only
// the occurrences near the range are ever converted to instants.
type Grid = {
  zone: string;
  startInstant: number;
  endInstant: number | null;
  /** Floating local start of the first occurrence and its length in floating time. */
  startLocal: number;
  duration: number | null;
  /** Days step in ms, or 0 when the step is in months. */
  stepMs: number;
  stepMonths: number;
  /** Months since year 0 of the first start, its day and its time of day. */
  month0: number;
  day0: CivilDay;
  timeOfDay0: number;
  /** Last instant an occurrence may start at; the first occurrence always counts. */
  until: number;
  single: boolean;
  allDay: boolean;
};

/** Candidates that cannot occur in a row before giving up (Feb 29 every 100 years needs 4). */
const MAX_SKIPPED = 5000;

function gridOf(rule: SeriesRule): Grid {
  assertZone(rule.timeZone);
  const zone = rule.timeZone;
  const startInstant = rule.start.getTime();
  const endInstant = rule.end ? rule.end.getTime() : null;
  if (Number.isNaN(startInstant) || Number.isNaN(endInstant) || Number.isNaN(rule.until?.getTime())) {
    throw new RangeError('Invalid time value in the series rule');
  }
  const startLocal = toLocal(zone, startInstant);
  const duration = endInstant === null ? null : Math.max(0, toLocal(zone, endInstant) - startLocal);
  // 'never' is a single occurrence; a step of one day keeps the grid well-formed.
  const step = recurrenceStep(rule) ?? { days: 1, months: 0 };
  const { year, month, day, timeOfDay } = splitLocal(startLocal);
  return {
    zone,
    startInstant,
    endInstant,
    startLocal,
    duration,
    stepMs: step.days * DAY,
    stepMonths: step.months,
    month0: year * 12 + month - 1,
    day0: { year, month, day },
    timeOfDay0: timeOfDay,
    until: rule.until ? Math.max(rule.until.getTime(), startInstant) : Infinity,
    single: rule.frequency === 'never',
    allDay: rule.allDay,
  };
}

/** Floating local start of the k-th candidate; NaN when its month lacks the day (Feb 30). */
function localAt(g: Grid, k: number): number {
  if (g.stepMs) return g.startLocal + k * g.stepMs;
  const day = monthStepDay(g.day0, g.stepMonths, k);
  if (!day) return NaN;
  return daysFromCivil(day.year, day.month, day.day) * DAY + g.timeOfDay0;
}

/** The last candidate index whose local start may lie at or before `local` (may be negative). */
function indexFloor(g: Grid, local: number): number {
  if (g.stepMs) return Math.floor((local - g.startLocal) / g.stepMs);
  const { year, month } = civilFromDays(Math.floor(local / DAY));
  return Math.floor((year * 12 + month - 1 - g.month0) / g.stepMonths);
}

function occurrenceAt(g: Grid, k: number, local: number): Occurrence {
  // The first occurrence keeps its instants exactly (the later of a doubled time stays so).
  if (k === 0) {
    const end = g.endInstant === null ? null : new Date(g.endInstant);
    return { start: new Date(g.startInstant), end, key: keyOf(g, g.startInstant) };
  }
  const start = toInstant(g.zone, local);
  const startLocal = toLocal(g.zone, start);
  // A start in a spring-forward gap moved forward; a timed end moves with it to keep the
  // length, while an all-day one stays at the midnight after the last day.
  const endLocal = (g.allDay ? local : startLocal) + (g.duration ?? 0);
  const end = g.duration === null ? null : new Date(toInstant(g.zone, endLocal));
  return { start: new Date(start), end, key: formatLocalKey(startLocal) };
}

function keyOf(g: Grid, start: number): string {
  return formatLocalKey(toLocal(g.zone, start));
}

function firstOccurrence(g: Grid): Occurrence {
  return occurrenceAt(g, 0, g.startLocal);
}

function overlaps(o: Occurrence, from: number, to: number): boolean {
  const start = o.start.getTime();
  if (start >= to) return false;
  if (start >= from) return true;
  return o.end !== null && o.end.getTime() > from;
}

/**
 * The occurrences overlapping [from, to), in order; at most `limit`. One without end overlaps
 * when from <= start < to.
 */
export function occurrencesBetween(rule: SeriesRule, from: Date, to: Date, limit = Infinity): Occurrence[] {
  const g = gridOf(rule);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const found: Occurrence[] = [];
  if (!(fromMs < toMs) || limit <= 0) return found;
  if (g.single) {
    const only = firstOccurrence(g);
    if (overlaps(only, fromMs, toMs)) found.push(only);
    return found;
  }
  // A day of margin covers any difference between local and instant and any DST shift.
  const low = toLocal(g.zone, fromMs) - (g.duration ?? 0) - DAY;
  const high = toLocal(g.zone, toMs) + DAY;
  let skipped = 0;
  for (let k = Math.max(0, indexFloor(g, low)); ; k++) {
    const local = localAt(g, k);
    if (Number.isNaN(local)) {
      if (++skipped > MAX_SKIPPED) break;
      continue;
    }
    skipped = 0;
    if (local >= high) break;
    const start = k === 0 ? g.startInstant : toInstant(g.zone, local);
    if (start > g.until || start >= toMs) break;
    const occurrence = occurrenceAt(g, k, local);
    if (!overlaps(occurrence, fromMs, toMs)) continue;
    found.push(occurrence);
    if (found.length >= limit) break;
  }
  return found;
}

/** The first occurrence starting strictly after `after`. */
export function nextOccurrence(rule: SeriesRule, after: Date): Occurrence | null {
  const g = gridOf(rule);
  const afterMs = after.getTime();
  if (afterMs < g.startInstant) return firstOccurrence(g);
  if (g.single) return null;
  let skipped = 0;
  for (let k = Math.max(0, indexFloor(g, toLocal(g.zone, afterMs) - DAY)); ; k++) {
    const local = localAt(g, k);
    if (Number.isNaN(local)) {
      if (++skipped > MAX_SKIPPED) return null;
      continue;
    }
    skipped = 0;
    const start = k === 0 ? g.startInstant : toInstant(g.zone, local);
    if (start > g.until) return null;
    if (start > afterMs) return occurrenceAt(g, k, local);
  }
}

/** The last occurrence starting strictly before `before`. */
export function previousOccurrence(rule: SeriesRule, before: Date): Occurrence | null {
  const g = gridOf(rule);
  const beforeMs = Math.min(before.getTime(), g.until + 1);
  if (beforeMs <= g.startInstant) return null;
  if (g.single) return firstOccurrence(g);
  let skipped = 0;
  for (let k = indexFloor(g, toLocal(g.zone, beforeMs) + DAY); k >= 0; k--) {
    const local = localAt(g, k);
    if (Number.isNaN(local)) {
      if (++skipped > MAX_SKIPPED) break;
      continue;
    }
    skipped = 0;
    const start = k === 0 ? g.startInstant : toInstant(g.zone, local);
    if (start < beforeMs) return occurrenceAt(g, k, local);
  }
  return firstOccurrence(g);
}

/**
 * When the series is over: the end (or the start, without end) of its last occurrence; null for
 * a series without `until`. A single appointment ('never'): its own end or start.
 */
export function lastOccurrenceEnd(rule: SeriesRule): Date | null {
  if (rule.frequency === 'never') return new Date((rule.end ?? rule.start).getTime());
  if (!rule.until) return null;
  const last = previousOccurrence(rule, new Date(Math.max(rule.until.getTime(), rule.start.getTime()) + 1));
  return last ? (last.end ?? last.start) : null;
}

/** The occurrence whose key (local start 'yyyyMMddTHHmm') is `key`, if the series has one. */
export function occurrenceByKey(rule: SeriesRule, key: string): Occurrence | null {
  const wanted = parseLocalKey(key);
  if (wanted === null) return null;
  const g = gridOf(rule);
  if (g.single) {
    const only = firstOccurrence(g);
    return only.key === key ? only : null;
  }
  // The key is the wall clock of the start; a start in a spring-forward gap moved off the
  // grid by the gap, hence the search within a day around it instead of one division.
  let skipped = 0;
  for (let k = Math.max(0, indexFloor(g, wanted - DAY)); ; k++) {
    const local = localAt(g, k);
    if (Number.isNaN(local)) {
      if (++skipped > MAX_SKIPPED) return null;
      continue;
    }
    skipped = 0;
    if (local > wanted + DAY) return null;
    const start = k === 0 ? g.startInstant : toInstant(g.zone, local);
    if (start > g.until) return null;
    if (keyOf(g, start) === key) return occurrenceAt(g, k, local);
  }
}

const RRULE_FREQUENCIES: Record<RecurrenceUnit, string> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
  yearly: 'YEARLY',
};

/**
 * The RFC 5545 RRULE value (without 'RRULE:'), e.g. 'FREQ=WEEKLY;INTERVAL=2;UNTIL=20270101T000000Z';
 * null for 'never'. UNTIL is a UTC time for timed series and the local date for all-day ones,
 * whose DTSTART is a date (RFC 5545 3.3.10 wants both of the same kind).
 */
export function toRRule(rule: SeriesRule): string | null {
  if (rule.frequency === 'never') return null;
  assertZone(rule.timeZone);
  const unit = rule.frequency === 'custom' ? rule.unit : rule.frequency;
  const interval = Math.max(1, Math.floor(rule.interval) || 1);
  const parts = [`FREQ=${RRULE_FREQUENCIES[unit]}`];
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (unit === 'yearly') {
    // Implied by DTSTART, but ical.js (and with it some clients) moves a Feb 29 series to
    // Mar 1 in common years instead of skipping them, unless the rule names the day.
    const { month, day } = splitLocal(toLocal(rule.timeZone, rule.start.getTime()));
    if (month === 2 && day === 29) parts.push('BYMONTH=2', 'BYMONTHDAY=29');
  }
  if (rule.until) {
    const until = Math.max(rule.until.getTime(), rule.start.getTime());
    parts.push(`UNTIL=${rule.allDay ? formatLocalKey(toLocal(rule.timeZone, until)).slice(0, 8) : utcStamp(until)}`);
  }
  return parts.join(';');
}

function utcStamp(instant: number): string {
  const iso = new Date(Math.floor(instant / 1000) * 1000).toISOString();
  return iso.slice(0, 19).replace(/[-:]/g, '') + 'Z';
}
