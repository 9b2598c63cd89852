import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, isIsoDate, longDate, parseDate, todayIsoDate } from './date-format.ts';

describe('parseDate', () => {
  it('reads dd.MM.y strictly', () => {
    expect(parseDate('05.03.2026')).toBe('2026-03-05');
    expect(parseDate('5.3.2026')).toBe('2026-03-05');
    expect(parseDate(' 31.12.1999 ')).toBe('1999-12-31');
    expect(parseDate('29.02.2024')).toBe('2024-02-29');
  });

  it('refuses days that do not exist and anything not in the format', () => {
    for (const text of ['29.02.2026', '31.04.2026', '00.01.2026', '01.13.2026', '05.03.26', '05.03.0026']) {
      expect(parseDate(text), text).toBeNull();
    }
    for (const text of ['', '2026-03-05', '05/03/2026', '05.03.2026x', 'heute', '05.03.20261', '5.3.']) {
      expect(parseDate(text), text).toBeNull();
    }
  });
});

describe('isIsoDate', () => {
  it('accepts only real days as YYYY-MM-DD', () => {
    expect(isIsoDate('2026-03-05')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-3-5')).toBe(false);
  });
});

describe('formatDate and formatDateTime', () => {
  it('shows a stored date as dd.MM.y without shifting it by a time zone', () => {
    expect(formatDate('2026-03-05')).toBe('05.03.2026');
    expect(formatDate('2026-03-05', { timeZone: 'Pacific/Honolulu' })).toBe('05.03.2026');
  });

  it('shows timestamps in the zone given', () => {
    const value = '2026-03-05T23:30:00Z';
    expect(formatDate(value, { timeZone: 'Europe/Berlin' })).toBe('06.03.2026');
    expect(formatDateTime(value, { timeZone: 'Europe/Berlin' })).toBe('06.03.2026 00:30');
    expect(formatDateTime(value, { timeZone: 'America/New_York' })).toBe('05.03.2026 18:30');
    expect(formatTime(new Date(value), { timeZone: 'UTC' })).toBe('23:30');
  });

  it('shows nothing for no value or an invalid one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('todayIsoDate', () => {
  it('is the calendar day in the zone given', () => {
    const now = new Date('2026-03-05T23:30:00Z');
    expect(todayIsoDate({ now, timeZone: 'Europe/Berlin' })).toBe('2026-03-06');
    expect(todayIsoDate({ now, timeZone: 'UTC' })).toBe('2026-03-05');
  });

  it("is the browser zone's day without a zone given, as Intl names it there", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const at of ['2026-03-05T23:30:00Z', '2026-07-01T00:05:00Z', '2026-10-25T01:30:00Z']) {
      const now = new Date(at);
      expect(todayIsoDate({ now })).toBe(todayIsoDate({ now, timeZone: zone }));
      expect(formatDateTime(now)).toBe(formatDateTime(now, { timeZone: zone }));
    }
  });
});

describe('longDate', () => {
  it('writes the day out in the language', () => {
    expect(longDate('2026-03-12', 'de')).toBe('12. März 2026');
    expect(longDate('2026-03-12', 'en')).toBe('March 12, 2026');
  });
});
