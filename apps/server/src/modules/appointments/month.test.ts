import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_LIMITS, type Appointment } from '@agora/contracts';
import { statementsDuring } from '../../testing/statements.ts';
import { monthWindow } from './month.ts';
import { zonedInstant } from './recurrence.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  personalCalendar,
  type TestApp,
} from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
});
afterAll(() => t.close());

async function create(session: typeof w.author.session, body: ReturnType<typeof appointmentBody>) {
  const response = await api.create(session, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

/** The SQL statements a piece of work sends, as the driver sees them. */
const statementsOf = statementsDuring;

describe('monthWindow', () => {
  it('covers six weeks from the Monday on or before the 1st, at local midnights', () => {
    expect(monthWindow('2026-12-17', 'Europe/Berlin')).toEqual({
      from: zonedInstant('2026-11-30', 'Europe/Berlin'),
      to: zonedInstant('2027-01-11', 'Europe/Berlin'),
    });
    // June 2026 begins on a Monday.
    expect(monthWindow('2026-06-30', 'America/New_York').from).toEqual(new Date('2026-06-01T04:00:00Z'));
  });
});

describe('GET /appointments (month)', () => {
  it('walks the ladder: 401, 422, 200', async () => {
    const anonymous = await t.app.inject({
      url: '/appointments?date=2026-12-01',
      headers: { accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const badDate = await t.app.inject({ url: '/appointments?date=December', headers: w.author.session.headers });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json()).toEqual({ errors: { date: ['invalid'] } });
    const badZone = await t.app.inject({
      url: '/appointments?date=2026-12-01&time_zone=Nowhere/Land',
      headers: w.author.session.headers,
    });
    expect(badZone.json()).toEqual({ errors: { time_zone: ['invalid'] } });
    const ok = await api.month(w.author.session, { date: '2026-12-01', view: 'list' });
    expect(ok).toMatchObject({ from: '2026-11-30T00:00:00+01:00', to: '2027-01-11T00:00:00+01:00', truncated: false });
  });

  it('shows what overlaps the six weeks: single, all-day and multi-day appointments, by start', async () => {
    const cal = await personalCalendar(t.services, w.network.id, w.author);
    const body = (overrides: Parameters<typeof appointmentBody>[1]) => appointmentBody([cal.id], overrides);
    const inside = await create(
      w.author.session,
      body({ name: 'Inside', date: { start: '2026-12-10T09:00', end: '2026-12-10T10:00' } }),
    );
    const across = await create(
      w.author.session,
      body({ name: 'Across', date: { start: '2026-11-25', end: '2026-11-30', all_day: true } }),
    );
    const atStart = await create(
      w.author.session,
      body({ name: 'At the start, no end', date: { start: '2026-11-30T00:00', end: null } }),
    );
    // Ends when the sheet begins (all day on 29 November): not in it.
    await create(w.author.session, body({ name: 'Before', date: { start: '2026-11-29', end: null, all_day: true } }));
    await create(
      w.author.session,
      body({ name: 'After', date: { start: '2027-01-11T00:00', end: '2027-01-11T01:00' } }),
    );
    const month = await api.month(w.author.session, { date: '2026-12-01', calendar_ids: cal.id });
    expect(month.appointments.map((a) => [a.id, a.name, a.date.start, a.date.end])).toEqual([
      [across.id, 'Across', '2026-11-25', '2026-11-30'],
      [atStart.id, 'At the start, no end', '2026-11-30T00:00:00+01:00', null],
      [inside.id, 'Inside', '2026-12-10T09:00:00+01:00', '2026-12-10T10:00:00+01:00'],
    ]);
    expect(month.appointments[0]).toMatchObject({
      type: 'appointment',
      recurring: false,
      path: `/appointments/${across.id}`,
    });
  });

  it('filters by calendar and colours each appointment by a selected calendar', async () => {
    const admin = w.admin;
    const { calendar: red } = await groupWithCalendar(t.services, w.network.id, { admins: [admin] });
    const { calendar: blue } = await groupWithCalendar(t.services, w.network.id, { admins: [admin] });
    const both = await create(
      admin.session,
      appointmentBody([red, blue], { name: 'Both', date: { start: '2027-02-03T10:00', end: null } }),
    );
    const onlyBlue = await create(
      admin.session,
      appointmentBody([blue], { name: 'Blue', date: { start: '2027-02-04T10:00', end: null } }),
    );
    const colors = new Map((await t.services.calendars.accessible(admin.actor)).map((c) => [c.id, c.color] as const));
    const all = await api.month(admin.session, { date: '2027-02-01' });
    expect(all.appointments.map((a) => a.id)).toEqual(expect.arrayContaining([both.id, onlyBlue.id]));
    const redOnly = await api.month(admin.session, { date: '2027-02-01', calendar_ids: red });
    expect(redOnly.appointments.map((a) => a.id)).toEqual([both.id]);
    // An item names the calendars of this view it is in (the detail names all it may read).
    expect(redOnly.appointments[0]).toMatchObject({ color: colors.get(red), calendar_ids: [red] });
    const blueOnly = await api.month(admin.session, { date: '2027-02-01', calendar_ids: blue });
    expect(blueOnly.appointments.map((a) => [a.id, a.color])).toEqual([
      [both.id, colors.get(blue)],
      [onlyBlue.id, colors.get(blue)],
    ]);
    // Calendars the member may not read are no filter at all.
    const unreadable = await api.month(w.external.session, { date: '2027-02-01', calendar_ids: `${red},${blue}` });
    expect(unreadable.appointments).toEqual([]);
  });

  it('shows the member only what their calendars hold', async () => {
    const inNetwork = await create(
      w.admin.session,
      appointmentBody([w.networkCalendar], { date: { start: '2027-03-10T10:00', end: null } }),
    );
    const personal = await create(
      w.author.session,
      appointmentBody([w.authorCalendar], { date: { start: '2027-03-11T10:00', end: null } }),
    );
    const ids = async (session: typeof w.author.session) =>
      (await api.month(session, { date: '2027-03-01' })).appointments.map((a) => a.id);
    expect(await ids(w.author.session)).toEqual([inNetwork.id, personal.id]);
    expect(await ids(w.other.session)).toEqual([inNetwork.id]);
    // Guests do not read the network calendar.
    expect(await ids(w.external.session)).toEqual([]);
  });

  it('lists only what the member takes part in under participating, occurrences by their series', async () => {
    const series = await create(
      w.admin.session,
      appointmentBody([w.networkCalendar], {
        name: 'Daily stand-up',
        date: { start: '2027-04-05T09:00', end: '2027-04-05T09:15' },
        recurrence_pattern: { recurrence_frequency: 'daily', recurrence_end_time: '2027-04-09' },
      }),
    );
    await api.update(
      w.admin.session,
      `r-${series.id}-20270407T0900`,
      appointmentBody(
        [w.networkCalendar],
        { name: 'Long stand-up', date: { start: '2027-04-07T09:00', end: '2027-04-07T10:00' } },
        'this',
      ),
    );
    const single = await create(
      w.author.session,
      appointmentBody([w.authorCalendar], { date: { start: '2027-04-06T12:00', end: null } }),
    );
    const participating = async (m: typeof w.author) =>
      (await api.month(m.session, { date: '2027-04-01' }, true)).appointments.map((a) => [a.id.slice(-13), a.name]);
    // The author of each takes part (organizer), nobody else yet.
    expect(await participating(w.admin)).toEqual([
      ['20270405T0900', 'Daily stand-up'],
      ['20270406T0900', 'Daily stand-up'],
      ['20270407T0900', 'Long stand-up'],
      ['20270408T0900', 'Daily stand-up'],
      ['20270409T0900', 'Daily stand-up'],
    ]);
    expect(await participating(w.author)).toEqual([[single.id.slice(-13), 'Team meeting']]);
    expect(await participating(w.other)).toEqual([]);
    const all = (await api.month(w.author.session, { date: '2027-04-01' })).appointments;
    expect(all).toHaveLength(6);
  });

  it('marks the answer truncated past the limit', async () => {
    const cal = await personalCalendar(t.services, w.network.id, w.other);
    // Daily series: each adds 42 occurrences to the six weeks.
    const series = Math.ceil(APPOINTMENT_LIMITS.monthMaxAppointments / 42) + 1;
    await t.services.appointments.insertMany(
      w.network.id,
      Array.from({ length: series }, (_, i) => ({
        name: `Daily ${i}`,
        startsAt: zonedInstant('2027-05-01T08:00', 'Europe/Berlin'),
        endsAt: zonedInstant('2027-05-01T08:30', 'Europe/Berlin'),
        timeZone: 'Europe/Berlin',
        calendarIds: [cal.id],
        authorId: w.other.membership.id,
        recurrence: { frequency: 'daily' as const },
      })),
    );
    const month = await api.month(w.other.session, { date: '2027-06-01', calendar_ids: cal.id });
    expect(month.truncated).toBe(true);
    expect(month.appointments).toHaveLength(APPOINTMENT_LIMITS.monthMaxAppointments);
    const starts = month.appointments.map((a) => Date.parse(a.date.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('sends the same few statements whatever the number of calendars and series', async () => {
    const owner = w.other;
    const addCalendarsAndSeries = async (n: number) => {
      const calendars = await t.services.calendars.createMany(
        w.network.id,
        Array.from({ length: n }, (_, i) => ({
          type: 'personal' as const,
          name: `Count ${i}`,
          color: '495057',
          ownerId: owner.membership.id,
        })),
      );
      await t.services.appointments.insertMany(
        w.network.id,
        calendars.flatMap((c, i) => [
          {
            name: `Weekly ${i}`,
            startsAt: zonedInstant('2025-01-06T10:00', 'Europe/Berlin'),
            endsAt: zonedInstant('2025-01-06T11:00', 'Europe/Berlin'),
            timeZone: 'Europe/Berlin',
            calendarIds: [c.id],
            authorId: owner.membership.id,
            recurrence: { frequency: 'weekly' as const },
          },
          {
            name: `Single ${i}`,
            startsAt: zonedInstant('2027-08-10T10:00', 'Europe/Berlin'),
            timeZone: 'Europe/Berlin',
            calendarIds: [c.id],
            authorId: owner.membership.id,
          },
        ]),
      );
      return calendars;
    };
    const ask = () => api.month(owner.session, { date: '2027-08-01' });
    const first = await addCalendarsAndSeries(2);
    // One occurrence of each series is deleted: the exceptions are read too.
    const seriesIds = (await ask()).appointments.filter((a) => a.id.startsWith('r-')).map((a) => a.id);
    await api.destroy(owner.session, seriesIds[0]!, 'this');
    // What the deletion's event causes is done before anything is counted.
    await t.services.events.settled();

    const small = await statementsOf(t.database, ask);
    await addCalendarsAndSeries(12);
    const large = await statementsOf(t.database, ask);
    const answer = await ask();
    expect(answer.appointments.filter((a) => a.name.startsWith('Weekly')).length).toBeGreaterThan(50);
    expect(large.length).toBe(small.length);
    const own = large.filter((q) => /"appointments"|appointment_/.test(q));
    expect(own.length).toBeLessThanOrEqual(3);
    expect(first).toHaveLength(2);
  });
});
