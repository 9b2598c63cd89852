import type { RecurrenceFrequency, RecurrenceUnit } from './appointment.ts';

/**
 * The days a series falls on (calendars spec, section 4), shared by the server's recurrence
 * engine, which expands series, and the form, which says in words what a series will create.
 * A series is a grid: its first day plus k steps of a fixed number of days (daily, weekly) or of
 * months (monthly, yearly); a month without the first day's number (the 31st, 29 February) is
 * skipped, never moved to its last day.
 */

/** A calendar day, month 1-12. */
export type CivilDay = { year: number; month: number; day: number };

/** How far apart the occurrences lie: a number of days, or else of months. */
export type RecurrenceStep = { days: number; months: number };

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/**
 * The step of a series; null for 'never'. The interval counts the frequency's unit, or the unit
 * of 'custom' (the form sends 1 unless custom); below 1 (or none) it counts as 1.
 */
export function recurrenceStep(pattern: {
  frequency: RecurrenceFrequency;
  interval: number;
  unit: RecurrenceUnit;
}): RecurrenceStep | null {
  if (pattern.frequency === 'never') return null;
  const unit = pattern.frequency === 'custom' ? pattern.unit : pattern.frequency;
  const interval = Math.max(1, Math.floor(pattern.interval) || 1);
  if (unit === 'daily') return { days: interval, months: 0 };
  if (unit === 'weekly') return { days: 7 * interval, months: 0 };
  return { days: 0, months: unit === 'monthly' ? interval : 12 * interval };
}

/**
 * The k-th candidate of a month-stepped series (k = 0 is the first day); null when its month
 * lacks the first day's number and the series skips it.
 */
export function monthStepDay(first: CivilDay, months: number, k: number): CivilDay | null {
  const index = first.year * 12 + first.month - 1 + k * months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return first.day > daysInMonth(year, month) ? null : { year, month, day: first.day };
}

const DAY_MS = 86_400_000;

function parseDay(date: string): CivilDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const dayNumber = (d: CivilDay) => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
const compare = (a: CivilDay, b: CivilDay) => dayNumber(a) - dayNumber(b);

/**
 * How many occurrences a series starting on `first` has up to and including the day `until`
 * ('YYYY-MM-DD'; the server lets occurrences start until the end of that day). The first
 * occurrence always counts; null for a malformed day.
 */
export function occurrenceCount(first: string, step: RecurrenceStep, until: string): number | null {
  const start = parseDay(first);
  const end = parseDay(until);
  if (!start || !end) return null;
  if (compare(end, start) <= 0) return 1;
  if (step.days > 0) return Math.floor((dayNumber(end) - dayNumber(start)) / step.days) + 1;
  const lastIndex = end.year * 12 + end.month - 1;
  let count = 0;
  for (let k = 0; start.year * 12 + start.month - 1 + k * step.months <= lastIndex; k++) {
    const day = monthStepDay(start, step.months, k);
    if (day && compare(day, end) <= 0) count++;
  }
  return count;
}
