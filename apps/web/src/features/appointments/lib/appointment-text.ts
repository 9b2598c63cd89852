import type { TFunction } from 'i18next';
import type { AppointmentDate, RecurrencePattern, RecurrenceUnit } from '@agora/contracts';
import { formatDate, formatDateTime, formatTime, todayIsoDate } from '../../../ui/date-format.ts';

/**
 * The date of an appointment in words, in the reader's zone (or the one given): "10.03.2026,
 * 10:00 – 11:00", "10.03.2026 22:00 – 11.03.2026 02:00", "10.03.2026 – 12.03.2026, all day".
 */
export function dateText(t: TFunction, date: AppointmentDate, timeZone?: string): string {
  const options = { timeZone };
  if (date.all_day) {
    if (!date.end || date.end === date.start) return t('appointments:date.all_day', { date: formatDate(date.start) });
    return t('appointments:date.all_day_range', { start: formatDate(date.start), end: formatDate(date.end) });
  }
  const day = formatDate(date.start, options);
  if (!date.end) return t('appointments:date.no_end', { date: day, time: formatTime(date.start, options) });
  if (formatDate(date.end, options) === day) {
    return t('appointments:date.same_day', {
      date: day,
      start: formatTime(date.start, options),
      end: formatTime(date.end, options),
    });
  }
  return t('appointments:date.range', {
    start: formatDateTime(date.start, options),
    end: formatDateTime(date.end, options),
  });
}

/** Whether the appointment is over: its end (or start without one) lies before now. */
export function isPast(date: AppointmentDate, now: Date = new Date()): boolean {
  const last = date.end ?? date.start;
  // An all-day appointment lasts to the end of its last day, wherever the reader is.
  if (date.all_day) return last < todayIsoDate({ now });
  return new Date(last).getTime() < now.getTime();
}

/**
 * The recurrence in words: "Weekly", "Every 2 weeks until 31.12.2026", "Every 3 months"; null
 * for an appointment that does not repeat.
 */
export function recurrenceText(t: TFunction, pattern: RecurrencePattern, timeZone: string): string | null {
  const { recurrence_frequency: frequency } = pattern;
  if (frequency === 'never') return null;
  const unit: RecurrenceUnit = frequency === 'custom' ? pattern.recurrence_unit : frequency;
  const count = frequency === 'custom' ? Math.max(1, pattern.recurrence_interval) : 1;
  const rule = t(`appointments:recurrence.every.${unit}`, { count });
  if (!pattern.recurrence_end_time) return rule;
  return t('appointments:recurrence.until', { rule, date: formatDate(pattern.recurrence_end_time, { timeZone }) });
}
