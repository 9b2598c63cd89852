import { describe, expect, it } from 'vitest';
import { occurrenceId, type AppointmentListItem } from '@agora/contracts';
import { dayWord, nextMonth, upcomingAppointments } from './upcoming.ts';

const SERIES = 'a'.repeat(24);

function item(
  id: string,
  start: string,
  end: string | null,
  extra: Partial<AppointmentListItem> = {},
): AppointmentListItem {
  const allDay = !start.includes('T');
  return {
    id,
    name: id,
    type: 'appointment',
    path: `/appointments/${id}`,
    date: { start, end, all_day: allDay, time_zone: 'Europe/Berlin', same_day: true },
    calendar_ids: [],
    color: '#1971c2',
    recurring: false,
    canceled: false,
    location_name: null,
    has_meeting: false,
    ...extra,
  };
}

// 26.11.2026 around noon: the same day in UTC and in Berlin.
const now = new Date('2026-11-26T11:00:00Z');

describe('upcomingAppointments', () => {
  it('keeps what is ahead or going on, soonest first, each once across both months, at most five', () => {
    const past = item('past', '2026-11-25T09:00:00+01:00', '2026-11-25T10:00:00+01:00');
    const running = item('running', '2026-11-26T11:30:00+01:00', '2026-11-26T13:00:00+01:00');
    const later = item('later', '2026-12-03T10:00:00+01:00', '2026-12-03T11:00:00+01:00');
    const allDayToday = item('holiday', '2026-11-26', '2026-11-26');
    const overlap = item('overlap', '2026-12-01T09:00:00+01:00', null);
    const january = ['j1', 'j2', 'j3'].map((id, i) => item(id, `2027-01-0${i + 4}T09:00:00+01:00`, null));
    const shown = upcomingAppointments(
      [
        [past, running, overlap, allDayToday],
        [overlap, later, ...january],
      ],
      now,
    );
    expect(shown.map((a) => a.id)).toEqual(['holiday', 'running', 'overlap', 'later', 'j1']);
  });

  it('shows a series once, with its next occurrence', () => {
    const occurrences = ['2026-11-26T15:00', '2026-12-03T15:00', '2026-12-10T15:00'].map((start) =>
      item(occurrenceId(SERIES, start.replace(/[-:]/g, '')), `${start}:00+01:00`, null, { recurring: true }),
    );
    const single = item('b'.repeat(24), '2026-12-01T09:00:00+01:00', null);
    const shown = upcomingAppointments([[...occurrences, single]], now);
    expect(shown.map((a) => a.date.start)).toEqual(['2026-11-26T15:00:00+01:00', '2026-12-01T09:00:00+01:00']);
  });

  it('is empty without answers', () => {
    expect(upcomingAppointments([undefined, undefined], now)).toEqual([]);
  });
});

describe('nextMonth', () => {
  it('gives the first day of the following month, across the turn of the year', () => {
    expect(nextMonth('2026-11-26')).toBe('2026-12-01');
    expect(nextMonth('2026-12-31')).toBe('2027-01-01');
  });
});

describe('dayWord', () => {
  it('says today, tomorrow or ongoing, and nothing for later days', () => {
    expect(dayWord(item('a', '2026-11-26T18:00:00+01:00', null), now)).toBe('today');
    expect(dayWord(item('b', '2026-11-27', '2026-11-27'), now)).toBe('tomorrow');
    expect(dayWord(item('c', '2026-11-20', '2026-11-28'), now)).toBe('ongoing');
    expect(dayWord(item('d', '2026-11-29T09:00:00+01:00', null), now)).toBeNull();
  });
});
