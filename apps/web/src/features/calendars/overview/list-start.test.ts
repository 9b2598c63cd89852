import { describe, expect, it } from 'vitest';
import type { AppointmentListItem } from '@agora/contracts';
import { listItem } from '../testing.tsx';
import { appointmentsBefore, listRange } from './list-start.ts';

const timed = (n: number, start: string, end: string | null): AppointmentListItem =>
  listItem(n, { date: { ...listItem(n).date, start, end } });
const allDay = (n: number, start: string, end: string | null): AppointmentListItem =>
  listItem(n, { date: { ...listItem(n).date, start, end, all_day: true } });

describe('where the month list starts', () => {
  it('starts the current month at today, whichever day of it is shown', () => {
    expect(listRange('2026-11-25', '2026-11-25', false)).toEqual({ start: '2026-11-25', end: '2026-12-01', cut: true });
    // After moving away and back, the date is the 1st: still today.
    expect(listRange('2026-11-01', '2026-11-25', false)).toEqual({ start: '2026-11-25', end: '2026-12-01', cut: true });
  });

  it('shows the whole current month when the earlier days are asked for, and on its 1st', () => {
    expect(listRange('2026-11-25', '2026-11-25', true)).toEqual({ start: '2026-11-01', end: '2026-12-01', cut: false });
    expect(listRange('2026-11-01', '2026-11-01', false)).toEqual({
      start: '2026-11-01',
      end: '2026-12-01',
      cut: false,
    });
  });

  it('starts other months at their 1st', () => {
    expect(listRange('2026-12-01', '2026-11-25', false)).toEqual({
      start: '2026-12-01',
      end: '2027-01-01',
      cut: false,
    });
    expect(listRange('2026-10-15', '2026-11-25', false)).toEqual({
      start: '2026-10-01',
      end: '2026-11-01',
      cut: false,
    });
    // The year turns over.
    expect(listRange('2026-12-31', '2026-12-31', false)).toEqual({ start: '2026-12-31', end: '2027-01-01', cut: true });
  });
});

describe('the appointments before the list’s first day', () => {
  it('counts those over before the day, not those still running or to come', () => {
    const appointments = [
      timed(1, '2026-11-02T09:00:00+01:00', '2026-11-02T10:00:00+01:00'),
      timed(2, '2026-11-24T09:00:00+01:00', null),
      // Began earlier and still runs today: shown from today on.
      timed(3, '2026-11-20T09:00:00+01:00', '2026-11-26T10:00:00+01:00'),
      allDay(4, '2026-11-23', '2026-11-25'),
      allDay(5, '2026-11-10', null),
      timed(6, '2026-11-25T08:00:00+01:00', '2026-11-25T09:00:00+01:00'),
      timed(7, '2026-11-28T08:00:00+01:00', '2026-11-28T09:00:00+01:00'),
    ];
    expect(appointmentsBefore(appointments, '2026-11-25')).toBe(3);
    expect(appointmentsBefore(appointments, '2026-11-01')).toBe(0);
  });

  it('takes a timed end at midnight as the end of the day before', () => {
    const late = timed(1, '2026-11-24T22:00:00', '2026-11-25T00:00:00');
    expect(appointmentsBefore([late], '2026-11-25')).toBe(1);
    expect(appointmentsBefore([late], '2026-11-24')).toBe(0);
  });
});
