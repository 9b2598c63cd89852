import { parseOccurrenceId, type AppointmentListItem } from '@agora/contracts';
import { todayIsoDate } from '../../ui/date-format.ts';

/** How many of the next appointments the start page lists. */
export const UPCOMING_LIMIT = 5;

/** The first day of the month after the one of `day` ('YYYY-MM-DD'). */
export function nextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** When an item begins, for sorting: an all-day one at local midnight of its first day. */
function startsAt(item: AppointmentListItem): number {
  return item.date.all_day
    ? new Date(`${item.date.start.slice(0, 10)}T00:00:00`).getTime()
    : Date.parse(item.date.start);
}

/** Whether an item still lies ahead or is going on now (an all-day one until its last day is over). */
function notOver(item: AppointmentListItem, now: Date): boolean {
  const last = item.date.end ?? item.date.start;
  if (item.date.all_day) return last.slice(0, 10) >= todayIsoDate({ now });
  return Date.parse(last) >= now.getTime();
}

/**
 * The next appointments from the month answers of this month and the next one (their six-week
 * windows overlap): what is not over yet, soonest first, at most `limit`. A series shows once,
 * with its next occurrence, so that a weekly meeting does not fill the list.
 */
export function upcomingAppointments(
  months: ReadonlyArray<readonly AppointmentListItem[] | undefined>,
  now: Date = new Date(),
  limit = UPCOMING_LIMIT,
): AppointmentListItem[] {
  const ahead = months
    .flatMap((items) => items ?? [])
    .filter((item) => notOver(item, now))
    .sort((a, b) => startsAt(a) - startsAt(b) || a.name.localeCompare(b.name));
  const bySeries = new Map<string, AppointmentListItem>();
  for (const item of ahead) {
    const key = parseOccurrenceId(item.id)?.seriesId ?? item.id;
    if (!bySeries.has(key)) bySeries.set(key, item);
  }
  return [...bySeries.values()].slice(0, limit);
}

/**
 * The word the list puts beside a date that close: 'today', 'tomorrow', 'ongoing' for what began
 * on an earlier day and still goes on; null for later days.
 */
export function dayWord(item: AppointmentListItem, now: Date = new Date()): 'today' | 'tomorrow' | 'ongoing' | null {
  const today = todayIsoDate({ now });
  const tomorrow = todayIsoDate({ now: new Date(now.getTime() + 24 * 60 * 60 * 1000) });
  const first = item.date.all_day ? item.date.start.slice(0, 10) : todayIsoDate({ now: new Date(item.date.start) });
  if (first === today) return 'today';
  if (first < today) return 'ongoing';
  if (first === tomorrow) return 'tomorrow';
  return null;
}
