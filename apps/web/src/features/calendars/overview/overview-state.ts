import { addMonths, format, isValid, parseISO } from 'date-fns';
import { ID_PATTERN, packCalendarIds, unpackCalendarIds } from '@agora/contracts';

/** The two faces of the overview: the month sheet (a grid of weeks) and the month's list. */
export const CALENDAR_VIEWS = ['sheet', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The URL parameter that carries the selected calendars (calendars spec, section 2). */
export const CALENDAR_IDS_PARAM = 'calendarIds';

// The chosen view and date last for the browser session (calendars spec, section 2), so a
// member who opens an appointment and comes back finds the month they left.
export const VIEW_STORAGE_KEY = 'agora.calendars.view';
export const DATE_STORAGE_KEY = 'agora.calendars.date';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function safeStorage(storage: Storage | undefined): Storage | null {
  try {
    return storage ?? (typeof sessionStorage === 'undefined' ? null : sessionStorage);
  } catch {
    // Storage can be switched off (privacy settings): the overview then starts afresh each time.
    return null;
  }
}

export function readStoredView(storage?: Storage): CalendarView {
  const value = safeStorage(storage)?.getItem(VIEW_STORAGE_KEY);
  return value === 'list' ? 'list' : 'sheet';
}

export function storeView(view: CalendarView, storage?: Storage): void {
  try {
    safeStorage(storage)?.setItem(VIEW_STORAGE_KEY, view);
  } catch {
    // A full or blocked storage only costs the memory of the view.
  }
}

/** The stored day (YYYY-MM-DD), else `today`. */
export function readStoredDate(today: string, storage?: Storage): string {
  const value = safeStorage(storage)?.getItem(DATE_STORAGE_KEY);
  return value && isIsoDay(value) ? value : today;
}

export function storeDate(date: string, storage?: Storage): void {
  try {
    safeStorage(storage)?.setItem(DATE_STORAGE_KEY, date);
  } catch {
    // As for the view.
  }
}

export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && isValid(parseISO(value));
}

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
