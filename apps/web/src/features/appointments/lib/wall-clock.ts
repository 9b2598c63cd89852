import { TZDate } from '@date-fns/tz';
import type { RecurrenceUnit } from '@agora/contracts';

/**
 * Wall-clock times of an appointment: a day 'YYYY-MM-DD' and a time 'HH:mm' in the appointment's
 * own zone, as the form shows them and the server takes them (contracts, LOCAL_DATE_TIME_PATTERN).
 * Arithmetic on them is done in floating time (as if in UTC), so that moving a start by an hour
 * moves the wall clock by an hour, whatever daylight saving does on that day.
 */
export type WallClock = { date: string; time: string };

const MINUTE = 60_000;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Minutes of a floating wall-clock time since 1970; NaN for a malformed day or time. */
export function wallMinutes(clock: WallClock): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(clock.date);
  const time = /^(\d{2}):(\d{2})$/.exec(clock.time || '00:00');
  if (!day || !time) return NaN;
  const ms = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(time[1]), Number(time[2]));
  return ms / MINUTE;
}

export function fromWallMinutes(minutes: number): WallClock {
  const date = new Date(minutes * MINUTE);
  return {
    date: `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
  };
}

export function addWallMinutes(clock: WallClock, minutes: number): WallClock {
  return fromWallMinutes(wallMinutes(clock) + minutes);
}

/** The wall clock of an instant in a zone. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return {
    date: `${pad(zoned.getFullYear(), 4)}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`,
    time: `${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`,
  };
}

/** The next full hour after `now` on the wall clock of the zone (10:20 -> 11:00, 10:00 -> 11:00). */
export function nextFullHour(now: Date, timeZone: string): WallClock {
  const current = wallClockAt(now, timeZone);
  const minutes = wallMinutes(current);
  return fromWallMinutes(minutes - (minutes % 60) + 60);
}

/**
 * A presented date (ISO time with offset, or 'YYYY-MM-DD' of an all-day appointment) as the wall
 * clock of the appointment's zone; the time is '' for a day.
 */
export function presentedWallClock(value: string, timeZone: string): WallClock {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value, time: '' };
  return wallClockAt(new Date(value), timeZone);
}

/**
 * A day plus a number of recurrence units, months clamped to their last day (31.01. + 1 month is
 * 28.02. or 29.02.), as the end of a recurrence that lasts one interval.
 */
export function addToDate(date: string, unit: RecurrenceUnit, count: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (unit === 'daily' || unit === 'weekly') {
    const days = unit === 'daily' ? count : count * 7;
    return fromWallMinutes(Date.UTC(year, month, day + days) / MINUTE).date;
  }
  const months = unit === 'monthly' ? count : count * 12;
  const lastDay = new Date(Date.UTC(year, month + months + 1, 0)).getUTCDate();
  return fromWallMinutes(Date.UTC(year, month + months, Math.min(day, lastDay)) / MINUTE).date;
}
