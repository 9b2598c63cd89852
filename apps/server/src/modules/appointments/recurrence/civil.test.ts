import { describe, expect, it } from 'vitest';
import {
  DAY,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  floatingLocal,
  formatLocalDate,
  formatLocalDateTime,
  formatLocalKey,
  parseLocalKey,
} from './civil.ts';

describe('floating local calendar arithmetic', () => {
  it('agrees with Date.UTC over four centuries, leap years included', () => {
    for (let days = daysFromCivil(1800, 1, 1); days < daysFromCivil(2200, 1, 1); days += 17) {
      const date = new Date(days * DAY);
      expect(civilFromDays(days)).toEqual({
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      });
      const { year, month, day } = civilFromDays(days);
      expect(daysFromCivil(year, month, day)).toBe(days);
    }
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('writes dates, times and keys, also before 1970', () => {
    const local = Date.UTC(1969, 11, 31, 23, 5, 7, 25);
    expect(formatLocalDate(local)).toBe('1969-12-31');
    expect(formatLocalDateTime(local)).toBe('1969-12-31T23:05:07.025');
    expect(formatLocalDateTime(Date.UTC(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04:00');
    expect(formatLocalKey(local)).toBe('19691231T2305');
    expect(parseLocalKey('19691231T2305')).toBe(Date.UTC(1969, 11, 31, 23, 5));
  });

  it('refuses fields out of range', () => {
    expect(floatingLocal(2026, 2, 29, 0, 0, 0, 0)).toBeNull();
    expect(floatingLocal(2026, 0, 1, 0, 0, 0, 0)).toBeNull();
    expect(floatingLocal(2026, 1, 1, 24, 0, 0, 0)).toBeNull();
    expect(parseLocalKey('20261301T0000')).toBeNull();
  });
});
