import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { auditDateOption, type AuditLogFilter } from '@agora/contracts';

/** Whether a name is a time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function dayStart(day: string, timeZone: string): TZDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, timeZone);
}

/**
 * The instants a filter's date option covers in a time zone: `from` inclusive, `to` exclusive,
 * either open. The last 7 days are today and the 6 before it.
 */
export function auditDateRange(
  filter: AuditLogFilter,
  timeZone: string,
  now: Date = new Date(),
): { from?: Date; to?: Date } {
  const range = rangeIn(filter, timeZone, now);
  // Plain instants: the database driver takes them as they are.
  return Object.fromEntries(Object.entries(range).map(([key, date]) => [key, new Date(date.getTime())]));
}

function rangeIn(filter: AuditLogFilter, timeZone: string, now: Date): { from?: Date; to?: Date } {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  switch (auditDateOption(filter)) {
    case 'all':
      return {};
    case 'today':
      return { from: today };
    case 'last_7_days':
      return { from: addDays(today, -6) };
    case 'last_30_days':
      return { from: addDays(today, -29) };
    case 'custom':
      return {
        ...(filter.start_date ? { from: dayStart(filter.start_date, timeZone) } : {}),
        ...(filter.end_date ? { to: addDays(dayStart(filter.end_date, timeZone), 1) } : {}),
      };
  }
}
