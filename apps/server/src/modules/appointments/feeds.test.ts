import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentMonth } from '@agora/contracts';
import type { Session } from '../../testing/index.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  member,
  type TestApp,
} from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let token: string;
let series: Appointment;
let single: Appointment;
let allDay: Appointment;
let inNetwork: Appointment;
let sharedWithAuthor: Appointment;

async function create(session: Session, body: ReturnType<typeof appointmentBody>) {
  const response = await api.create(session, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

async function tokenOf(session: Session): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/authentication_token',
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ authentication_token: string }>().authentication_token;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  token = await tokenOf(w.author.session);

  series = await create(
    w.author.session,
    appointmentBody([w.authorCalendar], {
      name: 'Weekly, with; commas',
      description: '<p>Line one</p><p>Line two</p>',
      location: { name: 'Room 1', city: 'Berlin' },
      date: { start: '2026-10-06T10:00', end: '2026-10-06T11:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly' },
    }),
  );
  await api.update(
    w.author.session,
    `r-${series.id}-20261013T1000`,
    appointmentBody(
      [w.authorCalendar],
      { name: 'Moved', date: { start: '2026-10-14T15:00', end: '2026-10-14T16:00' } },
      'this',
    ),
  );
  await api.destroy(w.author.session, `r-${series.id}-20261020T1000`, 'this');
  single = await create(
    w.author.session,
    appointmentBody([w.authorCalendar], {
      name: 'Single',
      date: { start: '2026-10-08T18:30', end: '2026-10-08T20:00' },
    }),
  );
  allDay = await create(
    w.author.session,
    appointmentBody([w.authorCalendar], {
      name: 'Retreat',
      date: { start: '2026-10-22', end: '2026-10-23', all_day: true },
    }),
  );
  inNetwork = await create(
    w.admin.session,
    appointmentBody([w.networkCalendar], { name: 'General assembly', date: { start: '2026-10-09T17:00', end: null } }),
  );
  sharedWithAuthor = await create(
    w.other.session,
    appointmentBody([w.otherCalendar], {
      name: 'Shared one',
      date: { start: '2026-10-10T09:00', end: '2026-10-10T10:00' },
    }),
  );
});
afterAll(() => t.close());
afterEach(() => ICAL.TimezoneService.reset());

const feed = (
  path: string,
  query: Record<string, string> = { auth_token: token },
  headers: Record<string, string> = {},
) => t.app.inject({ url: `${path}?${new URLSearchParams(query)}`, headers });

type Seen = { name: string; start: string; end: string | null };

/** Parses a feed as a calendar client would and expands it over [from, to). */
function expandFeed(text: string, from: Date, to: Date) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  for (const v of vevents)
    if (!v.hasProperty('recurrence-id')) masters.set(String(v.getFirstPropertyValue('uid')), new ICAL.Event(v));
  for (const v of vevents) {
    if (!v.hasProperty('recurrence-id')) continue;
    const master = masters.get(String(v.getFirstPropertyValue('uid')));
    if (master) master.relateException(new ICAL.Event(v));
  }
  const time = (value: ICAL.Time) => (value.isDate ? value.toString() : value.toJSDate().toISOString());
  const seen: Seen[] = [];
  for (const master of masters.values()) {
    if (!master.isRecurring()) {
      if (master.startDate.toJSDate() < to && (master.endDate ?? master.startDate).toJSDate() >= from) {
        seen.push({
          name: master.summary,
          start: time(master.startDate),
          end: master.endDate ? time(master.endDate) : null,
        });
      }
      continue;
    }
    const iterator = master.iterator();
    for (let next = iterator.next(); next && next.toJSDate() < to; next = iterator.next()) {
      const details = master.getOccurrenceDetails(next);
      if (details.endDate.toJSDate() <= from) continue;
      seen.push({ name: details.item.summary, start: time(details.startDate), end: time(details.endDate) });
    }
  }
  return {
    calendar,
    vevents,
    seen: seen.sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name)),
  };
}

/** The month sheet of the API in the same terms: instants, days for all-day appointments (ICS ends the day after). */
function fromApi(month: AppointmentMonth): Seen[] {
  return month.appointments
    .map((a) => ({
      name: a.name,
      start: a.date.all_day ? a.date.start : new Date(a.date.start).toISOString(),
      end: a.date.all_day
        ? new Date(Date.parse(`${a.date.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
        : a.date.end
          ? new Date(a.date.end).toISOString()
          : new Date(a.date.start).toISOString(),
    }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name));
}

describe('feed authentication', () => {
  it('answers 401 without a token or session and for a wrong token, 200 with either', async () => {
    expect((await feed('/appointments.ics', {})).statusCode).toBe(401);
    const wrong = await feed('/appointments.ics', { auth_token: 'not-the-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_token' });
    expect((await feed('/appointments.ics', {}, { cookie: w.author.session.cookie })).statusCode).toBe(200);
    const byToken = await feed('/appointments.ics');
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['content-type']).toBe('text/calendar; charset=utf-8');
  });

  it('stops working when the token is renewed, and for a member of another network', async () => {
    const someone = await member(t, w.network.id);
    const first = await tokenOf(someone.session);
    const second = await tokenOf(someone.session);
    expect((await feed('/appointments.ics', { auth_token: first })).statusCode).toBe(401);
    expect((await feed('/appointments.ics', { auth_token: second })).statusCode).toBe(200);
    const elsewhere = await appointmentsWorld(t, 'elsewhere.test');
    const foreign = await tokenOf(elsewhere.author.session);
    expect((await feed('/appointments.ics', { auth_token: foreign })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/appointments.ics?auth_token=${foreign}`, headers: { host: 'elsewhere.test' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the feeds against the API', () => {
  it('holds the same events at the same times as the month sheet', async () => {
    const response = await feed('/appointments.ics');
    const month = await api.month(w.author.session, { date: '2026-10-15' });
    const { seen } = expandFeed(response.body, new Date(month.from), new Date(month.to));
    expect(seen).toEqual(fromApi(month));
    expect(seen.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Moved', 'Single', 'Retreat', 'General assembly', 'Shared one', 'Weekly, with; commas']),
    );
  });

  it('writes a series with RRULE and EXDATE, a modified occurrence with RECURRENCE-ID', async () => {
    const { vevents } = expandFeed((await feed('/appointments.ics')).body, new Date(0), new Date(0));
    const ofSeries = vevents.filter((v) => String(v.getFirstPropertyValue('uid')).startsWith(`${series.id}@`));
    expect(ofSeries).toHaveLength(2);
    const master = ofSeries.find((v) => !v.hasProperty('recurrence-id'))!;
    expect(master.getFirstPropertyValue('summary')).toBe('Weekly, with; commas');
    expect(String(master.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY');
    expect(master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
    expect(master.getFirstPropertyValue('location')).toBe('Room 1, Berlin');
    // The site the request came to (light-my-request names the port).
    expect(master.getFirstPropertyValue('url')).toBe(`http://localhost:80/appointments/${series.id}`);
    expect(String(master.getFirstPropertyValue('description'))).toContain('Line one');
    const exdates = master
      .getAllProperties('exdate')
      .flatMap((p) => p.getValues().map((v) => (v as ICAL.Time).toJSDate()));
    expect(exdates).toEqual([new Date('2026-10-20T08:00:00Z')]);
    const override = ofSeries.find((v) => v.hasProperty('recurrence-id'))!;
    expect((override.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate()).toEqual(
      new Date('2026-10-13T08:00:00Z'),
    );
    expect(override.getFirstPropertyValue('summary')).toBe('Moved');
    const allDayEvent = vevents.find((v) => String(v.getFirstPropertyValue('uid')).startsWith(`${allDay.id}@`))!;
    expect(String(allDayEvent.getFirstPropertyValue('dtstart'))).toBe('2026-10-22');
    expect(String(allDayEvent.getFirstPropertyValue('dtend'))).toBe('2026-10-24');
  });

  it('selects the calendars of each feed', async () => {
    const uids = async (path: string) => {
      const response = await feed(path);
      expect(response.statusCode, response.body).toBe(200);
      const { vevents } = expandFeed(response.body, new Date(0), new Date(0));
      return [...new Set(vevents.map((v) => String(v.getFirstPropertyValue('uid')).split('@')[0]))].sort();
    };
    const mine = [series.id, single.id, allDay.id].sort();
    expect(await uids('/calendars/my/appointments.ics')).toEqual(mine);
    expect(await uids('/calendars/shared/appointments.ics')).toEqual([sharedWithAuthor.id]);
    const everything = [...mine, inNetwork.id, sharedWithAuthor.id].sort();
    expect(await uids('/calendars/all/appointments.ics')).toEqual(everything);
    expect(await uids('/appointments.ics')).toEqual(everything);
    // The author takes part (as organizer) in what they made.
    expect(await uids('/appointments/participating.ics')).toEqual(mine);
    expect(await uids(`/calendars/${w.networkCalendar}/appointments.ics`)).toEqual([inNetwork.id]);
    expect(await uids(`/calendars/${w.otherCalendar}/appointments.ics`)).toEqual([sharedWithAuthor.id]);
  });

  it('answers 404 for a calendar the member does not read', async () => {
    const others = await member(t, w.network.id);
    const theirs = (
      await t.services.calendars.createMany(w.network.id, [
        { type: 'personal', name: 'Private', color: '495057', ownerId: others.membership.id },
      ])
    )[0]!;
    expect((await feed(`/calendars/${theirs.id}/appointments.ics`)).statusCode).toBe(404);
    expect((await feed('/calendars/0123456789abcdef01234567/appointments.ics')).statusCode).toBe(404);
    expect((await feed('/calendars/nonsense/appointments.ics')).statusCode).toBe(404);
    expect((await feed(`/calendars/${theirs.id}/appointments.ics`, { auth_token: 'x' })).statusCode).toBe(401);
  });
});

describe('GET /appointments/:id.ics', () => {
  const download = (id: string, headers: Record<string, string> = { cookie: w.author.session.cookie }) =>
    t.app.inject({ url: `/appointments/${id}.ics`, headers });

  it('walks the ladder: 401, 404, 200', async () => {
    expect((await download(single.id, {})).statusCode).toBe(401);
    expect((await download(single.id, { cookie: w.admin.session.cookie })).statusCode).toBe(404);
    const response = await download(single.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="Single.ics"');
    const { vevents } = expandFeed(response.body, new Date(0), new Date(0));
    expect(vevents).toHaveLength(1);
    expect((vevents[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate()).toEqual(
      new Date('2026-10-08T16:30:00Z'),
    );
  });

  it('gives a series with its exceptions, an occurrence alone', async () => {
    const whole = expandFeed(
      (await download(series.id)).body,
      new Date('2026-10-01T00:00:00Z'),
      new Date('2026-10-29T00:00:00Z'),
    );
    expect(whole.seen.map((s) => [s.name, s.start])).toEqual([
      ['Weekly, with; commas', '2026-10-06T08:00:00.000Z'],
      ['Moved', '2026-10-14T13:00:00.000Z'],
      ['Weekly, with; commas', '2026-10-27T09:00:00.000Z'],
    ]);
    const occurrence = await download(`r-${series.id}-20261027T1000`);
    expect(occurrence.statusCode).toBe(200);
    const alone = expandFeed(occurrence.body, new Date(0), new Date('2030-01-01T00:00:00Z'));
    expect(alone.vevents).toHaveLength(1);
    expect(alone.vevents[0]!.hasProperty('rrule')).toBe(false);
    expect(String(alone.vevents[0]!.getFirstPropertyValue('uid'))).toBe(`r-${series.id}-20261027T1000@localhost`);
    expect(alone.seen).toEqual([
      { name: 'Weekly, with; commas', start: '2026-10-27T09:00:00.000Z', end: '2026-10-27T10:00:00.000Z' },
    ]);
    const modified = expandFeed(
      (await download(`r-${series.id}-20261013T1000`)).body,
      new Date(0),
      new Date('2030-01-01'),
    );
    expect(modified.seen.map((s) => [s.name, s.start])).toEqual([['Moved', '2026-10-14T13:00:00.000Z']]);
    expect((await download(`r-${series.id}-20261020T1000`)).statusCode).toBe(404);
  });

  it('accepts the feed token too', async () => {
    const response = await t.app.inject({ url: `/appointments/${allDay.id}.ics?auth_token=${token}` });
    expect(response.statusCode).toBe(200);
  });
});
