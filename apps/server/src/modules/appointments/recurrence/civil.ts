import { daysInMonth } from '@agora/contracts';

// Calendar arithmetic on "floating" local times: a wall-clock time is held as the number
// Date.UTC(y, m, d, h, min) would give for it, so that adding days or months never meets a
// daylight-saving change. Converting to a real instant is zone-time.ts's job.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12); H. Hinnant's days_from_civil. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export type Civil = { year: number; month: number; day: number };

/** The inverse of daysFromCivil (month 1-12). */
export function civilFromDays(days: number): Civil {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

// The month lengths the form's recurrence summary counts with too.
export { daysInMonth, isLeapYear } from '@agora/contracts';

/** Splits a floating local time into its date and the milliseconds since local midnight. */
export function splitLocal(local: number): Civil & { timeOfDay: number } {
  const days = Math.floor(local / DAY);
  return { ...civilFromDays(days), timeOfDay: local - days * DAY };
}

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

function pad4(n: number): string {
  if (n >= 0 && n < 10000) return String(n).padStart(4, '0');
  // ISO 8601 expanded years; never reached by appointments, but keeps the output parseable.
  return (n < 0 ? '-' : '+') + String(Math.abs(n)).padStart(6, '0');
}

// Dates and times are written for every appointment of a month answer: the date part is
// remembered per day and the time part comes from a table of the day's 1440 minutes.
const MAX_REMEMBERED_DAYS = 100_000;
const isoDates = new Map<number, string>();
const keyDates = new Map<number, string>();
const isoTimes = Array.from({ length: 1440 }, (_, m) => `T${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`);
const keyTimes = Array.from({ length: 1440 }, (_, m) => `T${pad2(Math.floor(m / 60))}${pad2(m % 60)}`);

function remembered(cache: Map<number, string>, days: number, separator: string): string {
  let date = cache.get(days);
  if (date === undefined) {
    const { year, month, day } = civilFromDays(days);
    date = `${pad4(year)}${separator}${pad2(month)}${separator}${pad2(day)}`;
    if (cache.size >= MAX_REMEMBERED_DAYS) cache.clear();
    cache.set(days, date);
  }
  return date;
}

/** 'YYYY-MM-DD' of a floating local time. */
export function formatLocalDate(local: number): string {
  return remembered(isoDates, Math.floor(local / DAY), '-');
}

/** 'YYYY-MM-DDTHH:mm:ss[.sss]' of a floating local time. */
export function formatLocalDateTime(local: number): string {
  const days = Math.floor(local / DAY);
  const timeOfDay = local - days * DAY;
  const s = Math.floor((timeOfDay % MINUTE) / 1000);
  const ms = timeOfDay % 1000;
  const fraction = ms ? `.${String(ms).padStart(3, '0')}` : '';
  return `${remembered(isoDates, days, '-')}${isoTimes[Math.floor(timeOfDay / MINUTE)]}:${pad2(s)}${fraction}`;
}

/** 'yyyyMMddTHHmm' of a floating local time: the key of an occurrence. */
export function formatLocalKey(local: number): string {
  const days = Math.floor(local / DAY);
  return remembered(keyDates, days, '') + keyTimes[Math.floor((local - days * DAY) / MINUTE)]!;
}

const KEY_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})$/;

/** The floating local time of an occurrence key, or null when it names no real date and time. */
export function parseLocalKey(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return floatingLocal(year, month, day, hour, minute, 0, 0);
}

/** Floating local time of the given fields, or null when they are out of range (Feb 30, 25:00). */
export function floatingLocal(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millisecond: number,
): number | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return daysFromCivil(year, month, day) * DAY + hour * HOUR + minute * MINUTE + second * 1000 + millisecond;
}
