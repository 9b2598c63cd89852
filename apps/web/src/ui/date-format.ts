/**
 * Dates as the spec shows them: dd.MM.y (05.03.2026), stored as 'YYYY-MM-DD'. Typed dates are
 * read strictly: day and month with one or two digits, the year with four, and only days that
 * exist; anything else is no date at all.
 */

const TYPED_DATE = /^\s*(\d{1,2})\.(\d{1,2})\.([1-9]\d{3})\s*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** 'YYYY-MM-DD' for a real calendar day, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Typed dd.MM.y text to 'YYYY-MM-DD'; null when the text is not exactly such a date. */
export function parseDate(text: string): string | null {
  const match = TYPED_DATE.exec(text);
  if (!match) return null;
  return isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** Whether a value is a stored date ('YYYY-MM-DD' of a real day). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return !!match && isoDate(Number(match[1]), Number(match[2]), Number(match[3])) === value;
}

type Parts = { year: string; month: string; day: string; hour: string; minute: string };

/** One formatter per time zone: making one costs far more than using it (the zone's rules are loaded). */
const zoned = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoned.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    zoned.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(date: Date, timeZone?: string): Parts | null {
  if (Number.isNaN(date.getTime())) return null;
  // The browser's own zone is the Date's: no formatter needed (the first one of a page load is
  // a long task of its own).
  if (!timeZone) {
    return {
      year: pad(date.getFullYear(), 4),
      month: pad(date.getMonth() + 1),
      day: pad(date.getDate()),
      hour: pad(date.getHours()),
      minute: pad(date.getMinutes()),
    };
  }
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

type DateValue = string | Date | null | undefined;
type FormatOptions = { timeZone?: string };

function toParts(value: DateValue, options: FormatOptions): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    // A date without a time is a calendar day, the same everywhere: never shifted by a time zone.
    const day = ISO_DATE.exec(value);
    if (day) return isIsoDate(value) ? { year: day[1]!, month: day[2]!, day: day[3]!, hour: '00', minute: '00' } : null;
    return partsOf(new Date(value), options.timeZone);
  }
  return partsOf(value, options.timeZone);
}

/** dd.MM.y of a stored date, an ISO timestamp or a Date (in the browser's zone unless given). */
export function formatDate(value: DateValue, options: FormatOptions = {}): string {
  const parts = toParts(value, options);
  return parts ? `${parts.day}.${parts.month}.${parts.year}` : '';
}

/** HH:mm (24 hours) of an ISO timestamp or a Date. */
export function formatTime(value: DateValue, options: FormatOptions = {}): string {
  const parts = toParts(value, options);
  return parts ? `${parts.hour}:${parts.minute}` : '';
}

/** dd.MM.y HH:mm of an ISO timestamp or a Date. */
export function formatDateTime(value: DateValue, options: FormatOptions = {}): string {
  const parts = toParts(value, options);
  return parts ? `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}` : '';
}

/** Today as 'YYYY-MM-DD' in the browser's zone (or the one given). */
export function todayIsoDate(options: FormatOptions & { now?: Date } = {}): string {
  const parts = partsOf(options.now ?? new Date(), options.timeZone)!;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A stored date written out for screen readers: "12. März 2026", "March 12, 2026". */
export function longDate(value: string, locale: string): string {
  const match = ISO_DATE.exec(value.slice(0, 10));
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
