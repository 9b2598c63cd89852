import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentMonth, CalendarList } from '@agora/contracts';
import { occurrencesBetween } from '../modules/appointments/recurrence.ts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { generateLargeSeries, generateLargeSingles, largeIcsEvents, seedLargeCalendars } from './large-calendars.ts';
import { largeEmail, seedLarge } from './large.ts';

// The benchmark's calendar network, small: the same calendars, fewer appointments.
let t: TestApp;
let viewer: Session;
let seeded: Awaited<ReturnType<typeof seedLargeCalendars>>;

beforeAll(async () => {
  t = await createTestApp();
  const network = await seedLarge(t.services, { members: 60, password: 'bench-password' });
  seeded = await seedLargeCalendars(t.services, network.network.id, {
    memberIds: network.memberIds,
    singles: 400,
    series: 60,
  });
  viewer = await signIn(t.app, largeEmail(1), 'bench-password');
}, 120_000);
afterAll(() => t.close());

describe('seedLargeCalendars', () => {
  it('makes 50 calendars, of which the viewer reads the 10 selected', async () => {
    expect(new Set(seeded.calendarIds).size).toBe(50);
    expect(seeded.selectedCalendarIds).toHaveLength(10);
    const response = await t.app.inject({ url: '/calendars', headers: viewer.headers });
    expect(response.statusCode, response.body).toBe(200);
    const readable = new Set(response.json<CalendarList>().calendars.map((c) => c.id));
    for (const id of seeded.selectedCalendarIds) expect(readable.has(id), id).toBe(true);
  });

  it('fills the month sheet of the selected calendars with singles and occurrences', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await t.app.inject({
      url: `/appointments?date=${today}&view=sheet&type=month&calendar_ids=${seeded.selectedCalendarIds.join(',')}`,
      headers: viewer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const month = response.json<AppointmentMonth>();
    expect(month.appointments.some((a) => a.id.startsWith('r-'))).toBe(true);
    expect(month.appointments.some((a) => !a.id.startsWith('r-'))).toBe(true);
  });
});

describe('the generated appointments', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('are the same for the same day, spread over two years back and one ahead', () => {
    expect(generateLargeSingles(50, now)).toEqual(generateLargeSingles(50, now));
    const singles = generateLargeSingles(2000, now);
    const starts = singles.map((s) => s.startsAt.getTime());
    expect(Math.min(...starts)).toBeLessThan(now.getTime() - 700 * 86_400_000);
    expect(Math.max(...starts)).toBeGreaterThan(now.getTime() + 330 * 86_400_000);
    expect(singles.filter((s) => s.allDay).length).toBeGreaterThan(300);
  });

  it('make weekly and daily series begun up to two years ago, a third with an end', () => {
    const series = generateLargeSeries(600, now);
    const ages = series.map((s) => (now.getTime() - s.startsAt.getTime()) / 86_400_000);
    // Today's may begin later today.
    expect(Math.min(...ages)).toBeGreaterThan(-1);
    expect(Math.max(...ages)).toBeGreaterThan(700);
    expect(Math.max(...ages)).toBeLessThan(731);
    const daily = series.filter((s) => s.recurrence?.frequency === 'daily').length;
    expect(daily).toBeGreaterThan(30);
    expect(daily).toBeLessThan(100);
    const ending = series.filter((s) => s.recurrence?.until).length;
    expect(ending).toBeGreaterThan(150);
    expect(ending).toBeLessThan(250);
  });

  it('give feed events whose deleted occurrence is one of the series', () => {
    const events = largeIcsEvents(50, now);
    const withRule = events.filter((e) => e.rrule);
    expect(withRule).toHaveLength(10);
    for (const e of withRule) {
      const rule = {
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        timeZone: e.timeZone,
        frequency: e.rrule!.includes('DAILY') ? ('daily' as const) : ('weekly' as const),
        interval: 1,
        unit: 'daily' as const,
        until: null,
      };
      const [, second] = occurrencesBetween(rule, e.start, new Date(e.start.getTime() + 8 * 86_400_000));
      expect(second?.start).toEqual(e.exdates[0]);
    }
  });
});
