import type { AppointmentDate, AppointmentFields, RecurrenceFrequency, RecurrenceUnit } from '@agora/contracts';
import {
  formatInZone,
  isValidTimeZone,
  lastOccurrenceEnd,
  localDate,
  zonedInstant,
  type SeriesRule,
} from './recurrence.ts';

/** When an appointment takes place, as stored: instants, its zone and its recurrence. */
export type StoredTimes = {
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  timeZone: string;
  recurrenceFrequency: RecurrenceFrequency;
  recurrenceInterval: number;
  recurrenceUnit: RecurrenceUnit;
  recurrenceEndTime: Date | null;
  /** When it (for a series: its last occurrence) is over; null for a series without end. */
  rangeEnd: Date | null;
};

type Errors = Record<string, string[]>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` plus some days, counted on the calendar (no zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local day a form value names: its date, or for a time with offset the day it is in the zone. */
function dayOf(value: string, timeZone: string): string {
  return value.length === 10 ? value : localDate(zonedInstant(value, timeZone), timeZone);
}

/** A wall-clock time in a zone as a number (milliseconds of the same time read as UTC): "floating" time. */
export function wallClock(instant: Date, timeZone: string): number {
  return Date.parse(`${formatInZone(instant, timeZone).slice(0, 19)}Z`);
}

export function fromWallClock(wall: number, timeZone: string): Date {
  return zonedInstant(new Date(wall).toISOString().slice(0, 19), timeZone);
}

export function ruleOf(times: Omit<StoredTimes, 'rangeEnd'>): SeriesRule {
  return {
    start: times.startsAt,
    end: times.endsAt,
    allDay: times.allDay,
    timeZone: times.timeZone,
    frequency: times.recurrenceFrequency,
    interval: times.recurrenceInterval,
    unit: times.recurrenceUnit,
    until: times.recurrenceEndTime,
  };
}

/** What range queries filter on: the end of the appointment or of its series' last occurrence. */
export function rangeEndOf(times: Omit<StoredTimes, 'rangeEnd'>): Date | null {
  if (times.recurrenceFrequency === 'never') return times.endsAt ?? times.startsAt;
  return lastOccurrenceEnd(ruleOf(times));
}

/**
 * `invalid` for each of the named form values that is not a real day or time in the zone (the
 * zone must be valid); null when all are. An empty value is not checked.
 */
export function impossibleTimes(values: Record<string, string | null>, timeZone: string): Errors | null {
  const errors: Errors = {};
  for (const [field, value] of Object.entries(values)) {
    if (value && Number.isNaN(zonedInstant(value, timeZone).getTime())) errors[field] = ['invalid'];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The form's wall-clock values (in the appointment's own zone) as instants. All-day
 * appointments begin at local midnight of their first day and end at local midnight after
 * their last (the form names the last day); without an end they last the one day. A
 * recurrence end given as a date lets occurrences start until the end of that day.
 */
export function storedTimes(
  fields: Pick<AppointmentFields, 'date' | 'recurrence_pattern'>,
): { times: StoredTimes; errors: null } | { times: null; errors: Errors } {
  const { date, recurrence_pattern: recurrence } = fields;
  const timeZone = date.time_zone;
  if (!isValidTimeZone(timeZone)) return { times: null, errors: { 'date.time_zone': ['invalid'] } };
  // The contract refuses days and times that do not exist (30 February, 24:00); callers that
  // bypass it must not reach the conversions below with them.
  const impossible = impossibleTimes(
    {
      'date.start': date.start,
      'date.end': date.end,
      'recurrence_pattern.recurrence_end_time':
        recurrence.recurrence_frequency === 'never' ? null : recurrence.recurrence_end_time,
    },
    timeZone,
  );
  if (impossible) return { times: null, errors: impossible };

  let startsAt: Date;
  let endsAt: Date | null;
  if (date.all_day) {
    const firstDay = dayOf(date.start, timeZone);
    const lastDay = date.end ? dayOf(date.end, timeZone) : firstDay;
    startsAt = zonedInstant(firstDay, timeZone);
    endsAt = zonedInstant(addDays(lastDay, 1), timeZone);
  } else {
    startsAt = zonedInstant(date.start, timeZone);
    endsAt = date.end ? zonedInstant(date.end, timeZone) : null;
  }
  const errors: Errors = {};
  // Checked again after the conversion: values with offsets may compare differently as instants.
  if (endsAt && (date.all_day ? endsAt <= startsAt : endsAt < startsAt)) errors['date.end'] = ['end_lt_start'];

  const frequency = recurrence.recurrence_frequency;
  let until: Date | null = null;
  if (frequency !== 'never' && recurrence.recurrence_end_time) {
    const value = recurrence.recurrence_end_time;
    until = value.length === 10 ? zonedInstant(`${value}T23:59:59`, timeZone) : zonedInstant(value, timeZone);
    if (until < startsAt) errors['recurrence_pattern.recurrence_end_time'] = ['end_lt_start'];
  }
  if (Object.keys(errors).length > 0) return { times: null, errors };

  const base = {
    startsAt,
    endsAt,
    allDay: date.all_day,
    timeZone,
    recurrenceFrequency: frequency,
    recurrenceInterval: frequency === 'never' ? 1 : recurrence.recurrence_interval,
    recurrenceUnit: recurrence.recurrence_unit,
    recurrenceEndTime: until,
  };
  return { times: { ...base, rangeEnd: rangeEndOf(base) }, errors: null };
}

/**
 * The series' times when one occurrence is edited with "all": the series moves by as much as
 * the occurrence was moved, in wall-clock time (10:00 to 11:00 moves every occurrence to 11:00,
 * summer and winter), and takes the occurrence's new duration.
 */
export function shiftedSeriesTimes(
  series: Pick<StoredTimes, 'startsAt' | 'timeZone'>,
  occurrenceStart: Date,
  submitted: StoredTimes,
): StoredTimes {
  const zone = submitted.timeZone;
  const delta = wallClock(submitted.startsAt, zone) - wallClock(occurrenceStart, series.timeZone);
  const startWall = wallClock(series.startsAt, series.timeZone) + delta;
  const startsAt = fromWallClock(startWall, zone);
  const endsAt = submitted.endsAt
    ? fromWallClock(startWall + (wallClock(submitted.endsAt, zone) - wallClock(submitted.startsAt, zone)), zone)
    : null;
  const base = { ...submitted, startsAt, endsAt };
  return { ...base, rangeEnd: rangeEndOf(base) };
}

/** The day before a local date-time string ends: its own day, or the one before when it ends at midnight. */
function lastDayOf(formattedEnd: string): string {
  const day = formattedEnd.slice(0, 10);
  return formattedEnd.slice(11, 19) === '00:00:00' && formattedEnd[19] !== '.' ? addDays(day, -1) : day;
}

/**
 * How the API shows when an appointment (or occurrence) takes place. The month sheet calls it
 * for each of thousands of occurrences: the days come from the formatted times (their local
 * wall clock) rather than from more conversions.
 */
export function presentDate(start: Date, end: Date | null, allDay: boolean, timeZone: string): AppointmentDate {
  const startText = formatInZone(start, timeZone);
  const endText = end ? formatInZone(end, timeZone) : null;
  const first = startText.slice(0, 10);
  // A stored end is exclusive: what ends at midnight ends on the day before.
  const last = endText && end! > start ? lastDayOf(endText) : first;
  if (allDay) return { start: first, end: last, all_day: true, time_zone: timeZone, same_day: first === last };
  return { start: startText, end: endText, all_day: false, time_zone: timeZone, same_day: first === last };
}

/**
 * presentDate as JSON text, for the month sheet's thousands of items: written directly, without
 * an object per item for JSON.stringify to walk. The formatted times need no escaping (digits,
 * '-', ':', 'T', '.', '+'); the zone's name comes with its JSON, made once per appointment.
 * month-json.test.ts compares it with presentDate.
 */
export function presentDateJson(
  start: Date,
  end: Date | null,
  allDay: boolean,
  zone: { name: string; json: string },
): string {
  const startText = formatInZone(start, zone.name);
  const endText = end ? formatInZone(end, zone.name) : null;
  const first = startText.slice(0, 10);
  const last = endText && end! > start ? lastDayOf(endText) : first;
  const tail = `,"time_zone":${zone.json},"same_day":${first === last}}`;
  if (allDay) return `{"start":"${first}","end":"${last}","all_day":true${tail}`;
  return `{"start":"${startText}","end":${endText ? `"${endText}"` : 'null'},"all_day":false${tail}`;
}

/** The start as `date.start` shows it: a day for all-day appointments, else a time with offset. */
export function presentStart(start: Date, allDay: boolean, timeZone: string): string {
  return allDay ? localDate(start, timeZone) : formatInZone(start, timeZone);
}
