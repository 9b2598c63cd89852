import { z } from './zod.ts';
import { ERROR_KEYS } from './errors.ts';

/**
 * Every date and time the server takes lies in these years: what an intranet plans or looks
 * back on, far inside what the database and the date libraries can hold. Outside, the answer
 * is 422 `out_of_range`, never a date that cannot be stored or shown.
 */
export const DATE_RANGE = { minYear: 1900, maxYear: 2200 } as const;

/**
 * A wall-clock date or time in the appointment's own time zone: `YYYY-MM-DD` (all-day),
 * `YYYY-MM-DDTHH:mm[:ss]`, or an ISO time with offset, which the server converts to the
 * appointment's time zone.
 */
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const LOCAL_DATE_TIME_FIELDS =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a value of LOCAL_DATE_TIME_PATTERN names a day and time that exist: the pattern lets
 * through 30 February, 24:00 or an offset of +01:75, which no calendar can place.
 */
export function isRealLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME_FIELDS.exec(value.trim());
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month! - 1];
  return (
    days !== undefined &&
    day! >= 1 &&
    day! <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}

/**
 * Whether a date or time lies in DATE_RANGE: its written year, and for a time with an offset
 * also the instant it names (`2200-12-31T23:00-12:00` is already 2201 in UTC).
 */
export function isInDateRange(value: string): boolean {
  const year = Number(value.trim().slice(0, 4));
  if (!(year >= DATE_RANGE.minYear && year <= DATE_RANGE.maxYear)) return false;
  const instant = Date.parse(value);
  if (Number.isNaN(instant) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return true;
  const utcYear = new Date(instant).getUTCFullYear();
  return utcYear >= DATE_RANGE.minYear && utcYear <= DATE_RANGE.maxYear;
}

const inRange = (value: string) => !DAY_OR_TIME.test(value) || isInDateRange(value);
const DAY_OR_TIME = /^\d{4}-/;

/** A calendar day, `YYYY-MM-DD`, that exists and lies in DATE_RANGE. */
export const daySchema = z
  .string()
  .regex(DAY_PATTERN, ERROR_KEYS.invalid)
  .refine(isRealLocalDateTime, ERROR_KEYS.invalid)
  .refine(inRange, ERROR_KEYS.outOfRange);

/** A wall-clock date or time (LOCAL_DATE_TIME_PATTERN) that exists and lies in DATE_RANGE. */
export const localDateTimeSchema = z
  .string()
  .trim()
  .regex(LOCAL_DATE_TIME_PATTERN, ERROR_KEYS.invalid)
  .refine((value) => !LOCAL_DATE_TIME_PATTERN.test(value) || isRealLocalDateTime(value), ERROR_KEYS.invalid)
  .refine(inRange, ERROR_KEYS.outOfRange);

/** An ISO 8601 time with `Z` or an offset, in DATE_RANGE. */
export const instantSchema = z.iso
  .datetime({ offset: true, message: ERROR_KEYS.invalid })
  .refine(inRange, ERROR_KEYS.outOfRange);
