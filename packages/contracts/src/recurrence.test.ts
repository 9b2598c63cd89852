import { describe, expect, it } from 'vitest';
import { monthStepDay, occurrenceCount, recurrenceStep } from './recurrence.ts';

describe('recurrence grid', () => {
  it('steps days for daily and weekly, months for monthly and yearly, nothing for never', () => {
    expect(recurrenceStep({ frequency: 'never', interval: 1, unit: 'daily' })).toBeNull();
    expect(recurrenceStep({ frequency: 'weekly', interval: 1, unit: 'daily' })).toEqual({ days: 7, months: 0 });
    expect(recurrenceStep({ frequency: 'custom', interval: 2, unit: 'weekly' })).toEqual({ days: 14, months: 0 });
    expect(recurrenceStep({ frequency: 'custom', interval: 3, unit: 'monthly' })).toEqual({ days: 0, months: 3 });
    expect(recurrenceStep({ frequency: 'yearly', interval: 1, unit: 'daily' })).toEqual({ days: 0, months: 12 });
    expect(recurrenceStep({ frequency: 'custom', interval: 0, unit: 'daily' })).toEqual({ days: 1, months: 0 });
  });

  it('skips months without the first day’s number', () => {
    const first = { year: 2026, month: 1, day: 31 };
    expect(monthStepDay(first, 1, 1)).toBeNull();
    expect(monthStepDay(first, 1, 2)).toEqual({ year: 2026, month: 3, day: 31 });
    expect(monthStepDay(first, 12, 1)).toEqual({ year: 2027, month: 1, day: 31 });
  });

  it('counts the occurrences up to and including the last day', () => {
    const weekly = { days: 7, months: 0 };
    expect(occurrenceCount('2026-11-25', weekly, '2026-12-02')).toBe(2);
    expect(occurrenceCount('2026-11-25', weekly, '2026-12-01')).toBe(1);
    expect(occurrenceCount('2026-11-25', weekly, '2026-11-25')).toBe(1);
    expect(occurrenceCount('2026-11-25', { days: 1, months: 0 }, '2026-12-31')).toBe(37);
    // 31 January monthly until 31 May: January, March, May.
    expect(occurrenceCount('2026-01-31', { days: 0, months: 1 }, '2026-05-31')).toBe(3);
    expect(occurrenceCount('2026-01-31', { days: 0, months: 1 }, '2026-05-30')).toBe(2);
    // 29 February yearly: only the leap years.
    expect(occurrenceCount('2024-02-29', { days: 0, months: 12 }, '2032-03-01')).toBe(3);
    expect(occurrenceCount('2026-11-25', weekly, 'soon')).toBeNull();
  });
});
