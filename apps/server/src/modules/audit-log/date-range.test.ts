import { describe, expect, it } from 'vitest';
import { auditDateRange, isTimeZone } from './date-range.ts';

const now = new Date('2026-03-29T10:00:00Z');
const iso = (range: { from?: Date; to?: Date }) => ({ from: range.from?.toISOString(), to: range.to?.toISOString() });

describe('the date range of the audit log filter', () => {
  it('is open for all', () => {
    expect(auditDateRange({}, 'Europe/Berlin', now)).toEqual({});
  });

  it('counts days in the time zone asked for, across a change to summer time', () => {
    expect(iso(auditDateRange({ date_option: 'today' }, 'Europe/Berlin', now))).toEqual({
      from: '2026-03-28T23:00:00.000Z',
      to: undefined,
    });
    expect(iso(auditDateRange({ date_option: 'last_7_days' }, 'Europe/Berlin', now))).toEqual({
      from: '2026-03-22T23:00:00.000Z',
      to: undefined,
    });
    expect(iso(auditDateRange({ date_option: 'last_30_days' }, 'UTC', now)).from).toBe('2026-02-28T00:00:00.000Z');
  });

  it('takes custom days whole, either end open', () => {
    expect(
      iso(auditDateRange({ date_option: 'custom', start_date: '2026-03-01', end_date: '2026-03-02' }, 'UTC', now)),
    ).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' });
    expect(iso(auditDateRange({ end_date: '2026-03-02' }, 'America/New_York', now))).toEqual({
      from: undefined,
      to: '2026-03-03T05:00:00.000Z',
    });
    expect(auditDateRange({ date_option: 'custom' }, 'UTC', now)).toEqual({});
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
