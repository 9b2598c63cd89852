import { format, parseISO } from 'date-fns';
import type { AppointmentListItem } from '@agora/contracts';
import { monthStart } from './overview-state.ts';

/** The days the month's list covers: from `start` up to (not including) `end`, both YYYY-MM-DD. */
export type ListRange = {
  start: string;
  end: string;
  /** Whether days of the month before `start` are left out (the current month, from today). */
  cut: boolean;
};

/**
 * What the list of a month shows. In the current month it starts at today, so a member on the
 * 25th does not scroll past three weeks of the past to reach what comes; the list then opens at
 * today's appointments or, on a day without any, at the next day that has some. The earlier days
 * come back when asked for (`showEarlier`). Other months start at their 1st.
 */
export function listRange(date: string, today: string, showEarlier: boolean): ListRange {
  const first = monthStart(date);
  const end = monthStart(date, 1);
  const cut = !showEarlier && monthStart(today) === first && today !== first;
  return { start: cut ? today : first, end, cut };
}

/** The local day (YYYY-MM-DD) an appointment's last moment falls on. */
function lastDay(item: AppointmentListItem): string {
  const { start, end, all_day: allDay } = item.date;
  // All-day dates are calendar days with an inclusive end.
  if (allDay) return (end ?? start).slice(0, 10);
  // Timed ends are exclusive instants, seen locally: one ending at midnight is over the day before.
  const from = parseISO(start).getTime();
  const until = end ? Math.max(from, parseISO(end).getTime() - 1) : from;
  return format(new Date(until), 'yyyy-MM-dd');
}

/**
 * The appointments a list starting at `start` leaves out entirely: those over before that day.
 * Ones that began earlier and still run are shown on the days from `start`.
 */
export function appointmentsBefore(appointments: readonly AppointmentListItem[], start: string): number {
  return appointments.filter((item) => lastDay(item) < start).length;
}
