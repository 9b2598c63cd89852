import { addMonths, format, parseISO } from 'date-fns';
import { ID_PATTERN, packCalendarIds, unpackCalendarIds } from '@agora/contracts';
import { CALENDAR_IDS_PARAM } from './overview-opening.ts';

export * from './overview-opening.ts';

/** The first day of the month `date` (YYYY-MM-DD) lies in, moved by `months`. */
export function monthStart(date: string, months = 0): string {
  const day = parseISO(date);
  return format(addMonths(new Date(day.getFullYear(), day.getMonth(), 1), months), 'yyyy-MM-dd');
}

/**
 * The calendars chosen in the URL: null when the parameter is absent (the page's default
 * selection), [] when it is present but empty (none chosen).
 */
export function selectionFromSearch(search: URLSearchParams): string[] | null {
  const packed = search.get(CALENDAR_IDS_PARAM);
  if (packed === null) return null;
  return unpackCalendarIds(packed);
}

/** The search with the selection written in (null removes the parameter: the default). */
export function searchWithSelection(search: URLSearchParams, ids: readonly string[] | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (ids === null) next.delete(CALENDAR_IDS_PARAM);
  else next.set(CALENDAR_IDS_PARAM, packCalendarIds(ids.filter((id) => ID_PATTERN.test(id))));
  return next;
}

/** Whether two id lists hold the same ids, in any order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
