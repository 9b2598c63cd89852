import { beforeEach, describe, expect, it } from 'vitest';
import { packCalendarIds } from '@agora/contracts';
import {
  CALENDAR_IDS_PARAM,
  DATE_STORAGE_KEY,
  VIEW_STORAGE_KEY,
  monthStart,
  readStoredDate,
  readStoredView,
  sameIds,
  searchWithSelection,
  selectionFromSearch,
  storeDate,
  storeView,
} from './overview-state.ts';

const ids = [
  '0123456789abcdef01234567',
  'ffffffffffffffffffffffff',
  '000000000000000000000000',
  '65f1a2b3c4d5e6f708192a3b',
];

describe('calendarIds in the URL', () => {
  it('survives pack -> URL -> unpack for any ids', () => {
    const search = searchWithSelection(new URLSearchParams('view=list'), ids);
    // Through a real URL, as a copied link travels.
    const url = new URL(`https://agora.example/appointments?${search.toString()}`);
    expect(url.searchParams.get(CALENDAR_IDS_PARAM)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(url.searchParams.get(CALENDAR_IDS_PARAM)).toHaveLength(16 * ids.length);
    expect(url.searchParams.get('view')).toBe('list');
    expect(selectionFromSearch(url.searchParams)).toEqual(ids);
  });

  it('packs the characters that need url-safe base64 (- and _) without escaping them', () => {
    const packed = packCalendarIds(['fbefbefbefbefbefbefbefbe', 'fffffffffffffffffffffffe']);
    expect(packed).toMatch(/[-_]/);
    const search = searchWithSelection(new URLSearchParams(), ['fbefbefbefbefbefbefbefbe', 'fffffffffffffffffffffffe']);
    expect(search.toString()).toBe(`${CALENDAR_IDS_PARAM}=${packed}`);
    expect(selectionFromSearch(new URLSearchParams(search.toString()))).toEqual([
      'fbefbefbefbefbefbefbefbe',
      'fffffffffffffffffffffffe',
    ]);
  });

  it('tells an absent parameter (the page default) from an empty one (no calendar)', () => {
    expect(selectionFromSearch(new URLSearchParams(''))).toBeNull();
    const none = searchWithSelection(new URLSearchParams(), []);
    expect(none.has(CALENDAR_IDS_PARAM)).toBe(true);
    expect(selectionFromSearch(none)).toEqual([]);
    const back = searchWithSelection(none, null);
    expect(back.has(CALENDAR_IDS_PARAM)).toBe(false);
  });

  it('drops ids that are not 24-hex and reads a damaged parameter as the whole ids it holds', () => {
    const search = searchWithSelection(new URLSearchParams(), ['nope', ids[0]!]);
    expect(selectionFromSearch(search)).toEqual([ids[0]]);
    const damaged = new URLSearchParams({ [CALENDAR_IDS_PARAM]: `${packCalendarIds([ids[0]!])}abc` });
    expect(selectionFromSearch(damaged)).toEqual([ids[0]]);
  });

  it('compares selections as sets', () => {
    expect(sameIds([ids[0]!, ids[1]!], [ids[1]!, ids[0]!])).toBe(true);
    expect(sameIds([ids[0]!], [ids[0]!, ids[1]!])).toBe(false);
  });
});

describe('view and date of the session', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts with the sheet and today', () => {
    expect(readStoredView()).toBe('sheet');
    expect(readStoredDate('2026-11-21')).toBe('2026-11-21');
  });

  it('keeps the chosen view and date in sessionStorage', () => {
    storeView('list');
    storeDate('2027-02-01');
    expect(sessionStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');
    expect(sessionStorage.getItem(DATE_STORAGE_KEY)).toBe('2027-02-01');
    expect(readStoredView()).toBe('list');
    expect(readStoredDate('2026-11-21')).toBe('2027-02-01');
  });

  it('ignores stored values it does not know', () => {
    sessionStorage.setItem(VIEW_STORAGE_KEY, 'week');
    sessionStorage.setItem(DATE_STORAGE_KEY, '2026-02-30');
    expect(readStoredView()).toBe('sheet');
    expect(readStoredDate('2026-11-21')).toBe('2026-11-21');
  });

  it('moves by whole months from the first of the month', () => {
    expect(monthStart('2026-01-31')).toBe('2026-01-01');
    expect(monthStart('2026-01-31', 1)).toBe('2026-02-01');
    expect(monthStart('2026-01-15', -1)).toBe('2025-12-01');
    expect(monthStart('2026-12-05', 1)).toBe('2027-01-01');
  });
});
