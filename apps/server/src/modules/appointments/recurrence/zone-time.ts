import { tzOffset } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DAY, MINUTE, floatingLocal, formatLocalDate, formatLocalDateTime, formatLocalKey } from './civil.ts';

// Conversions between instants and floating local times in an IANA zone. The zone rules come
// from @date-fns/tz's tzOffset (the runtime's Intl data). Calling it costs about 1.5 µs, and a
// local-to-instant conversion needs several offsets, so the offsets are kept per zone in blocks
// of 32 days (an offset per period between transitions): after the first look at a block, a
// conversion is plain arithmetic. That is what lets a month of thousands of series expand in
// milliseconds (see bench/calendars.ts).
//
// Ambiguous and missing wall-clock times follow RFC 5545 (3.3.5), which is also what ical.js
// and calendar clients do with our feeds: a time that occurs twice (autumn fall-back) is the
// first of the two; a time that does not occur (spring-forward gap) is read with the offset
// before the gap, so it moves forward by the gap's length: 02:30 on the day Europe/Berlin
// springs forward is 03:30 CEST, as @date-fns/tz's TZDate does too.

const BLOCK = 32 * DAY;
const MAX_CACHED_BLOCKS = 20_000;

type Period = { from: number; offset: number };
const blocks = new Map<string, Map<number, Period[]>>();
let cachedBlocks = 0;

/** The zone's UTC offset in ms at an instant, straight from the zone data. */
function rawOffset(zone: string, instant: number): number {
  return Math.round(tzOffset(zone, new Date(instant)) * MINUTE);
}

/** The periods of constant offset of one block: where each begins and its offset. */
function scanBlock(zone: string, block: number): Period[] {
  const start = block * BLOCK;
  const periods: Period[] = [{ from: start, offset: rawOffset(zone, start) }];
  let previous = start;
  let previousOffset = periods[0]!.offset;
  for (let at = start + DAY; at <= start + BLOCK; at += DAY) {
    const offset = rawOffset(zone, at);
    if (offset !== previousOffset) {
      // A change within the day: bisect to the second it happens.
      let lo = previous;
      let hi = at;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (rawOffset(zone, mid) === previousOffset) lo = mid;
        else hi = mid;
      }
      if (hi < start + BLOCK) periods.push({ from: hi, offset });
      previousOffset = offset;
    }
    previous = at;
  }
  return periods;
}

function periodsOf(zone: string, block: number): Period[] {
  let zoneBlocks = blocks.get(zone);
  if (!zoneBlocks) blocks.set(zone, (zoneBlocks = new Map()));
  let periods = zoneBlocks.get(block);
  if (!periods) {
    if (cachedBlocks >= MAX_CACHED_BLOCKS) {
      blocks.clear();
      cachedBlocks = 0;
      lastBlock = NaN;
      blocks.set(zone, (zoneBlocks = new Map()));
    }
    periods = scanBlock(zone, block);
    zoneBlocks.set(block, periods);
    cachedBlocks++;
  }
  return periods;
}

// The block looked at last: an expansion stays in one or two blocks, so most lookups end here.
let lastZone = '';
let lastBlock = NaN;
let lastPeriods: Period[] = [];

/** The zone's UTC offset in ms at an instant (ms since the epoch). */
export function offsetAt(zone: string, instant: number): number {
  const block = Math.floor(instant / BLOCK);
  let periods: Period[];
  if (block === lastBlock && zone === lastZone) periods = lastPeriods;
  else {
    periods = periodsOf(zone, block);
    lastZone = zone;
    lastBlock = block;
    lastPeriods = periods;
  }
  for (let i = periods.length - 1; i > 0; i--) if (instant >= periods[i]!.from) return periods[i]!.offset;
  return periods[0]!.offset;
}

/** The offset changes of the zone in [from, to): when (instant) and the offsets before and after. */
export function offsetTransitions(
  zone: string,
  from: number,
  to: number,
): Array<{ at: number; before: number; after: number }> {
  assertZone(zone);
  const found: Array<{ at: number; before: number; after: number }> = [];
  let current = offsetAt(zone, from);
  for (let block = Math.floor(from / BLOCK); block * BLOCK < to; block++) {
    for (const period of periodsOf(zone, block)) {
      if (period.from < from || period.from >= to || period.offset === current) continue;
      found.push({ at: period.from, before: current, after: period.offset });
      current = period.offset;
    }
  }
  return found;
}

/** The floating local time (wall clock as if UTC) of an instant in the zone. */
export function toLocal(zone: string, instant: number): number {
  return instant + offsetAt(zone, instant);
}

/**
 * The instant of a floating local time in the zone: the earlier one of a doubled time, the
 * offset before the gap for a missing one (see the top of this file).
 */
export function toInstant(zone: string, local: number): number {
  // Offsets lie within ±14 h, so the instant is within a day of the local value read as UTC.
  const early = offsetAt(zone, local - DAY);
  const late = offsetAt(zone, local + DAY);
  if (early === late) return local - early;
  const first = local - early;
  const second = local - late;
  const firstValid = offsetAt(zone, first) === early;
  const secondValid = offsetAt(zone, second) === late;
  if (firstValid && secondValid) return Math.min(first, second);
  if (secondValid) return second;
  // Valid alone, or the gap: read with the offset in force before it.
  return first;
}

const validity = new Map<string, boolean>();
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const CAPITALISED = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;

/**
 * Whether `zone` is an IANA zone name the runtime knows, spelled exactly (case included) as the
 * zone database or the runtime lists it: appointments store it and feeds write it as TZID.
 * Offsets such as '+01:00' are not zones.
 */
export function isValidTimeZone(zone: string): boolean {
  const known = validity.get(zone);
  if (known !== undefined) return known;
  let valid = false;
  if (zone.length <= 64 && IANA_NAME.test(zone)) {
    try {
      const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
      valid =
        resolved === zone ||
        supportedZones().has(zone) ||
        getVtimezoneComponent(zone) !== null ||
        // A newer name than the runtime's data uses (Europe/Kyiv for Europe/Kiev): Intl takes
        // any case, so insist on the database's spelling, capitalised words with small letters.
        (CAPITALISED.test(zone) && /[a-z]/.test(zone));
    } catch {
      valid = false;
    }
  }
  if (validity.size > 10_000) validity.clear();
  validity.set(zone, valid);
  return valid;
}

let supported: Set<string> | undefined;
function supportedZones(): Set<string> {
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  return supported;
}

function assertZone(zone: string): void {
  if (!isValidTimeZone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
}

/** Its time; an Invalid Date throws, as Date#toISOString does, instead of writing 'NaN'. */
function timeOf(instant: Date): number {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  return time;
}

const LOCAL_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * 'YYYY-MM-DD' (local midnight) or 'YYYY-MM-DDTHH:mm[:ss[.sss]]' wall clock in `timeZone` -> the
 * instant; with 'Z' or an offset the string is that instant whatever the zone. Out-of-range
 * fields (Feb 30, 24:00), malformed strings and unknown zones give an Invalid Date: check
 * `Number.isNaN(result.getTime())`.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  const match = LOCAL_PATTERN.exec(local.trim());
  if (!match) return new Date(NaN);
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0', offset] = match;
  const floating = floatingLocal(
    Number(y),
    Number(mo),
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(fraction.padEnd(3, '0')),
  );
  if (floating === null) return new Date(NaN);
  if (offset) {
    if (offset === 'Z') return new Date(floating);
    const digits = offset.replace(':', '');
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
    if (Number(digits.slice(3, 5)) > 59) return new Date(NaN);
    return new Date(floating - (offset.startsWith('-') ? -1 : 1) * minutes * MINUTE);
  }
  if (!isValidTimeZone(timeZone)) return new Date(NaN);
  return new Date(toInstant(timeZone, floating));
}

/**
 * Instant -> ISO 8601 with the zone's offset, e.g. '2026-11-24T10:00:00+01:00' (milliseconds only
 * when there are some). Historical offsets with seconds (local mean time before ~1900) are
 * rounded to the minute, the wall clock with them, so that the string is still that instant.
 */
export function formatInZone(instant: Date, timeZone: string): string {
  assertZone(timeZone);
  const at = timeOf(instant);
  const offsetMinutes = Math.round(offsetAt(timeZone, at) / MINUTE);
  return formatLocalDateTime(at + offsetMinutes * MINUTE) + offsetText(offsetMinutes);
}

const offsetTexts = new Map<number, string>();

/** '+01:00' of an offset in minutes. */
function offsetText(minutes: number): string {
  let text = offsetTexts.get(minutes);
  if (text === undefined) {
    const abs = Math.abs(minutes);
    text = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    offsetTexts.set(minutes, text);
  }
  return text;
}

/** Instant -> 'YYYY-MM-DD' of its day in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  assertZone(timeZone);
  return formatLocalDate(toLocal(timeZone, timeOf(instant)));
}

/** Instant -> its wall clock 'yyyyMMddTHHmm' in the zone: the key of an occurrence starting then. */
export function occurrenceKey(instant: Date, timeZone: string): string {
  assertZone(timeZone);
  return formatLocalKey(toLocal(timeZone, timeOf(instant)));
}

export { assertZone };
