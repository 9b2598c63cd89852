import type { Calendar } from '@agora/contracts';

// How an overview page opens: its view, day and calendars. Apart from the rest of its state
// (overview-state.ts) for the page's preload (preload.ts), which is part of the first chunk:
// nothing here imports date-fns or the contracts' schemas (with zod), which would come along.

/** The two faces of the overview: the month sheet (a grid of weeks) and the month's list. */
export const CALENDAR_VIEWS = ['sheet', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/**
 * What the overview starts with: every appointment, the member's own (participating), their own
 * personal calendars (my) or the ones shared with them (shared).
 */
export type OverviewMode = 'all' | 'participating' | 'my' | 'shared';

/**
 * The calendars a page shows when the URL names none: null for all of the member's (the
 * server's default, so the month can load before the calendar list), undefined while unknown.
 */
export function defaultSelection(
  mode: OverviewMode,
  inGroup: boolean,
  calendars: Calendar[] | undefined,
): string[] | null | undefined {
  if (!inGroup && (mode === 'all' || mode === 'participating')) return null;
  if (!calendars) return undefined;
  if (inGroup) return calendars.map((calendar) => calendar.id);
  return calendars.filter((calendar) => calendar.type === (mode === 'my' ? 'personal' : 'shared')).map((c) => c.id);
}

/** Narrower screens show the month as a list: APPOINTMENT_LIMITS.listBreakpointPx, which a test holds it to. */
export const LIST_BREAKPOINT_PX = 768;
export const NARROW_QUERY = `(max-width: ${LIST_BREAKPOINT_PX - 0.02}px)`;

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

/** A YYYY-MM-DD day that exists. */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
