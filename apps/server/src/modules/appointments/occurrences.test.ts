import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentListItem } from '@agora/contracts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  member,
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

/** A weekly series on Tuesdays at 10:00 in Berlin from 6 October 2026, across the end of summer time (25 October). */
async function weeklySeries(overrides: Parameters<typeof appointmentBody>[1] = {}) {
  const response = await api.create(
    w.author.session,
    appointmentBody([w.authorCalendar], {
      name: 'Weekly',
      date: { start: '2026-10-06T10:00', end: '2026-10-06T11:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly' },
      ...overrides,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

const october = () => api.month(w.author.session, { date: '2026-10-15' });
const ofSeries = (items: AppointmentListItem[], id: string) => items.filter((i) => i.id.startsWith(`r-${id}-`));

describe('series in the month sheet', () => {
  it('keeps the wall-clock time across the change from summer to winter time', async () => {
    const series = await weeklySeries();
    expect(series).toMatchObject({ type: 'recurring_appointment', series_id: null, recurring_appointment_url: null });
    const month = await october();
    expect(month.from).toBe('2026-09-28T00:00:00+02:00');
    expect(month.to).toBe('2026-11-09T00:00:00+01:00');
    const items = ofSeries(month.appointments, series.id);
    expect(items.map((i) => [i.id, i.date.start, i.date.end])).toEqual([
      [`r-${series.id}-20261006T1000`, '2026-10-06T10:00:00+02:00', '2026-10-06T11:00:00+02:00'],
      [`r-${series.id}-20261013T1000`, '2026-10-13T10:00:00+02:00', '2026-10-13T11:00:00+02:00'],
      [`r-${series.id}-20261020T1000`, '2026-10-20T10:00:00+02:00', '2026-10-20T11:00:00+02:00'],
      [`r-${series.id}-20261027T1000`, '2026-10-27T10:00:00+01:00', '2026-10-27T11:00:00+01:00'],
      [`r-${series.id}-20261103T1000`, '2026-11-03T10:00:00+01:00', '2026-11-03T11:00:00+01:00'],
    ]);
    expect(items[0]).toMatchObject({
      type: 'virtual_appointment',
      recurring: true,
      path: `/appointments/r-${series.id}-20261006T1000`,
      calendar_ids: [w.authorCalendar],
      color: '2f9e44',
    });
  });

  it('presents an occurrence with its own date and its neighbours', async () => {
    const series = await weeklySeries();
    const response = await api.get(w.author.session, `r-${series.id}-20261027T1000`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: `r-${series.id}-20261027T1000`,
      type: 'virtual_appointment',
      name: 'Weekly',
      date: { start: '2026-10-27T10:00:00+01:00', end: '2026-10-27T11:00:00+01:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1 },
      series_id: series.id,
      original_start: '2026-10-27T10:00:00+01:00',
      modified: false,
      next_occurrence_date: '2026-11-03T10:00:00+01:00',
      next_occurrence_url: `/appointments/r-${series.id}-20261103T1000`,
      previous_occurrence_url: `/appointments/r-${series.id}-20261020T1000`,
      recurring_appointment_url: `/appointments/${series.id}`,
      can: { update: true, destroy: true },
    });
    // The first occurrence has none before it.
    const first = (await api.get(w.author.session, `r-${series.id}-20261006T1000`)).json<Appointment>();
    expect(first.previous_occurrence_url).toBeNull();
    // A key the series does not generate is no occurrence.
    expect((await api.get(w.author.session, `r-${series.id}-20261007T1000`)).statusCode).toBe(404);
    expect((await api.get(w.author.session, `r-${series.id}-20261006T1100`)).statusCode).toBe(404);
  });

  it('names the next occurrence from now for the series itself', async () => {
    const series = await weeklySeries({ date: { start: '2026-01-06T10:00', end: '2026-01-06T11:00' } });
    const now = Date.now();
    const next = Date.parse(series.next_occurrence_date!);
    expect(next).toBeGreaterThan(now);
    expect(next - now).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000);
    expect(series.previous_occurrence_url).toMatch(new RegExp(`^/appointments/r-${series.id}-\\d{8}T1000$`));
  });

  it('ends a series at its recurrence end (a date: the whole day)', async () => {
    const series = await weeklySeries({
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: '2026-10-20' },
    });
    expect(series.recurrence_pattern.recurrence_end_time).toBe('2026-10-20T23:59:59+02:00');
    const items = ofSeries((await october()).appointments, series.id);
    expect(items.map((i) => i.date.start.slice(0, 10))).toEqual(['2026-10-06', '2026-10-13', '2026-10-20']);
    const last = (await api.get(w.author.session, `r-${series.id}-20261020T1000`)).json<Appointment>();
    expect(last.next_occurrence_url).toBeNull();
  });

  it('expands all-day and custom series', async () => {
    const allDay = await weeklySeries({
      date: { start: '2026-10-05', end: '2026-10-06', all_day: true },
      recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 2, recurrence_unit: 'weekly' },
    });
    const items = ofSeries((await october()).appointments, allDay.id);
    expect(items.map((i) => [i.id.slice(-13), i.date.start, i.date.end, i.date.all_day])).toEqual([
      ['20261005T0000', '2026-10-05', '2026-10-06', true],
      ['20261019T0000', '2026-10-19', '2026-10-20', true],
      ['20261102T0000', '2026-11-02', '2026-11-03', true],
    ]);
  });
});

describe('changing one occurrence or all', () => {
  it('asks whether a change applies to this occurrence or all', async () => {
    const series = await weeklySeries();
    const id = `r-${series.id}-20261013T1000`;
    const response = await api.update(w.author.session, id, appointmentBody([w.authorCalendar]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { apply_to: ['required'] } });
    expect((await api.destroy(w.author.session, id)).json()).toEqual({ errors: { apply_to: ['required'] } });
  });

  it('modifies one occurrence: the month shows it instead of the original', async () => {
    const series = await weeklySeries();
    const id = `r-${series.id}-20261013T1000`;
    const body = appointmentBody(
      [w.authorCalendar],
      {
        name: 'Moved once',
        date: { start: '2026-10-14T15:00', end: '2026-10-14T16:30' },
        // An occurrence does not repeat on its own.
        recurrence_pattern: { recurrence_frequency: 'daily' },
      },
      'this',
    );
    const response = await api.update(w.author.session, id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      type: 'virtual_appointment',
      name: 'Moved once',
      modified: true,
      series_id: series.id,
      original_start: '2026-10-13T10:00:00+02:00',
      date: { start: '2026-10-14T15:00:00+02:00', end: '2026-10-14T16:30:00+02:00' },
      recurrence_pattern: { recurrence_frequency: 'weekly' },
      next_occurrence_url: `/appointments/r-${series.id}-20261020T1000`,
      previous_occurrence_url: `/appointments/r-${series.id}-20261006T1000`,
    });
    const items = ofSeries((await october()).appointments, series.id);
    expect(items.map((i) => [i.id.slice(-13), i.name, i.date.start])).toEqual([
      ['20261006T1000', 'Weekly', '2026-10-06T10:00:00+02:00'],
      ['20261013T1000', 'Moved once', '2026-10-14T15:00:00+02:00'],
      ['20261020T1000', 'Weekly', '2026-10-20T10:00:00+02:00'],
      ['20261027T1000', 'Weekly', '2026-10-27T10:00:00+01:00'],
      ['20261103T1000', 'Weekly', '2026-11-03T10:00:00+01:00'],
    ]);
    // The neighbours name the modified occurrence with its own start.
    const before = (await api.get(w.author.session, `r-${series.id}-20261006T1000`)).json<Appointment>();
    expect(before.next_occurrence_date).toBe('2026-10-14T15:00:00+02:00');
    // Saved again: the same exception row changes.
    const again = await api.update(w.author.session, id, {
      ...body,
      appointment: { ...body.appointment, name: 'Twice' },
    });
    expect(again.json()).toMatchObject({ id, name: 'Twice', modified: true });
    expect(ofSeries((await october()).appointments, series.id)).toHaveLength(5);
    // The series itself is unchanged.
    expect((await api.get(w.author.session, series.id)).json()).toMatchObject({ name: 'Weekly' });
  });

  it('tells the second of two members saving the same occurrence at once, and keeps one exception', async () => {
    const series = await weeklySeries();
    const id = `r-${series.id}-20261020T1000`;
    const save = (name: string) =>
      api.update(
        w.author.session,
        id,
        appointmentBody(
          [w.authorCalendar],
          { name, date: { start: '2026-10-20T12:00', end: '2026-10-20T13:00' } },
          'this',
        ),
      );
    const answers = await Promise.all([save('First'), save('Second')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    for (const a of answers.filter((a) => a.statusCode === 409)) expect(a.json()).toEqual({ error: 'conflict' });
    const occurrences = ofSeries((await october()).appointments, series.id).filter((i) => i.id === id);
    expect(occurrences).toHaveLength(1);
  });

  it('deletes one occurrence: gone from the month, the detail and the neighbours', async () => {
    const series = await weeklySeries();
    const id = `r-${series.id}-20261020T1000`;
    expect((await api.destroy(w.author.session, id, 'this')).statusCode).toBe(204);
    expect((await api.get(w.author.session, id)).statusCode).toBe(404);
    expect((await api.update(w.author.session, id, appointmentBody([w.authorCalendar], {}, 'this'))).statusCode).toBe(
      404,
    );
    const items = ofSeries((await october()).appointments, series.id);
    expect(items.map((i) => i.id.slice(-13))).toEqual([
      '20261006T1000',
      '20261013T1000',
      '20261027T1000',
      '20261103T1000',
    ]);
    const before = (await api.get(w.author.session, `r-${series.id}-20261013T1000`)).json<Appointment>();
    expect(before.next_occurrence_url).toBe(`/appointments/r-${series.id}-20261027T1000`);
    const after = (await api.get(w.author.session, `r-${series.id}-20261027T1000`)).json<Appointment>();
    expect(after.previous_occurrence_url).toBe(`/appointments/r-${series.id}-20261013T1000`);
  });

  it('deletes a modified occurrence too', async () => {
    const series = await weeklySeries();
    const id = `r-${series.id}-20261013T1000`;
    await api.update(w.author.session, id, appointmentBody([w.authorCalendar], { name: 'Changed' }, 'this'));
    expect((await api.destroy(w.author.session, id, 'this')).statusCode).toBe(204);
    expect((await api.get(w.author.session, id)).statusCode).toBe(404);
    expect(ofSeries((await october()).appointments, series.id).map((i) => i.id.slice(-13))).not.toContain(
      '20261013T1000',
    );
  });

  it('changes all from one occurrence: keeps exceptions while the times stay, shifts the series when moved', async () => {
    const series = await weeklySeries();
    await api.update(
      w.author.session,
      `r-${series.id}-20261013T1000`,
      appointmentBody(
        [w.authorCalendar],
        { name: 'Special', date: { start: '2026-10-13T12:00', end: '2026-10-13T13:00' } },
        'this',
      ),
    );
    await api.destroy(w.author.session, `r-${series.id}-20261020T1000`, 'this');

    // Renamed through the occurrence of 27 October, at its own time: the exceptions still stand.
    const renamed = await api.update(
      w.author.session,
      `r-${series.id}-20261027T1000`,
      appointmentBody(
        [w.authorCalendar],
        {
          name: 'Weekly renamed',
          date: { start: '2026-10-27T10:00', end: '2026-10-27T11:00' },
          recurrence_pattern: { recurrence_frequency: 'weekly' },
        },
        'all',
      ),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: series.id, type: 'recurring_appointment', name: 'Weekly renamed' });
    let items = ofSeries((await october()).appointments, series.id);
    expect(items.map((i) => [i.id.slice(-13), i.name, i.date.start])).toEqual([
      ['20261006T1000', 'Weekly renamed', '2026-10-06T10:00:00+02:00'],
      ['20261013T1000', 'Special', '2026-10-13T12:00:00+02:00'],
      ['20261027T1000', 'Weekly renamed', '2026-10-27T10:00:00+01:00'],
      ['20261103T1000', 'Weekly renamed', '2026-11-03T10:00:00+01:00'],
    ]);

    // Moved by a day and an hour (to Wednesdays at 11:00) and made 30 minutes long, through the
    // occurrence of 27 October: every occurrence moves in wall-clock time, the old exceptions go.
    const moved = await api.update(
      w.author.session,
      `r-${series.id}-20261027T1000`,
      appointmentBody(
        [w.authorCalendar],
        {
          name: 'Weekly moved',
          date: { start: '2026-10-28T11:00', end: '2026-10-28T11:30' },
          recurrence_pattern: { recurrence_frequency: 'weekly' },
        },
        'all',
      ),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      date: { start: '2026-10-07T11:00:00+02:00', end: '2026-10-07T11:30:00+02:00' },
    });
    items = ofSeries((await october()).appointments, series.id);
    expect(items.map((i) => [i.id.slice(-13), i.name, i.date.start, i.date.end])).toEqual([
      ['20261007T1100', 'Weekly moved', '2026-10-07T11:00:00+02:00', '2026-10-07T11:30:00+02:00'],
      ['20261014T1100', 'Weekly moved', '2026-10-14T11:00:00+02:00', '2026-10-14T11:30:00+02:00'],
      ['20261021T1100', 'Weekly moved', '2026-10-21T11:00:00+02:00', '2026-10-21T11:30:00+02:00'],
      ['20261028T1100', 'Weekly moved', '2026-10-28T11:00:00+01:00', '2026-10-28T11:30:00+01:00'],
      ['20261104T1100', 'Weekly moved', '2026-11-04T11:00:00+01:00', '2026-11-04T11:30:00+01:00'],
    ]);
    expect((await api.get(w.author.session, `r-${series.id}-20261013T1000`)).statusCode).toBe(404);
  });

  it('deletes the whole series from an occurrence or by its id', async () => {
    const first = await weeklySeries();
    await api.update(w.author.session, `r-${first.id}-20261013T1000`, appointmentBody([w.authorCalendar], {}, 'this'));
    expect((await api.destroy(w.author.session, `r-${first.id}-20261020T1000`, 'all')).statusCode).toBe(204);
    expect((await api.get(w.author.session, first.id)).statusCode).toBe(404);
    expect((await api.get(w.author.session, `r-${first.id}-20261013T1000`)).statusCode).toBe(404);
    expect(ofSeries((await october()).appointments, first.id)).toEqual([]);

    const second = await weeklySeries();
    expect((await api.destroy(w.author.session, second.id)).statusCode).toBe(204);
    expect((await api.get(w.author.session, `r-${second.id}-20261006T1000`)).statusCode).toBe(404);
  });

  it('lets readers see occurrences but not change them; a whole series needs the series’ rights', async () => {
    const groupAdmin = await member(t, w.network.id);
    const { calendar } = await groupWithCalendar(t.services, w.network.id, {
      admins: [groupAdmin],
      members: [w.author, w.other],
    });
    const response = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar, calendar], {
        date: { start: '2026-10-06T10:00', end: '2026-10-06T11:00' },
        recurrence_pattern: { recurrence_frequency: 'weekly' },
      }),
    );
    const series = response.json<Appointment>();
    const id = `r-${series.id}-20261013T1000`;
    expect((await api.get(w.other.session, id)).statusCode).toBe(200);
    expect((await api.update(w.other.session, id, appointmentBody([calendar], {}, 'this'))).statusCode).toBe(403);
    expect((await api.destroy(w.other.session, id, 'this')).statusCode).toBe(403);
    expect((await api.get(w.external.session, id)).statusCode).toBe(404);

    // An occurrence moved (by the author) into a group calendar the other member manages: the
    // other member may change that occurrence, not the series it belongs to.
    const managed = await groupWithCalendar(t.services, w.network.id, { admins: [w.other], members: [w.author] });
    const moved = await api.update(
      w.author.session,
      id,
      appointmentBody([w.authorCalendar, calendar, managed.calendar], { name: 'Also in the other group' }, 'this'),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const mine = appointmentBody([calendar, managed.calendar], { name: 'Changed by the other' }, 'this');
    expect((await api.update(w.other.session, id, mine)).statusCode).toBe(200);
    expect((await api.update(w.other.session, id, { ...mine, apply_to: 'all' })).statusCode).toBe(403);
    expect((await api.destroy(w.other.session, id, 'all')).statusCode).toBe(403);
    // The author's personal calendar, which the other member cannot see, stays where it was.
    const seen = (await api.get(w.author.session, id)).json<Appointment>();
    expect(seen).toMatchObject({ name: 'Changed by the other', unknown_calendars: 0 });
    expect([...seen.calendar_ids].sort()).toEqual([w.authorCalendar, calendar, managed.calendar].sort());

    // The group's administrator manages the series (it is in the group's calendar) without
    // seeing the author's calendar: saving keeps that calendar.
    const all = await api.update(
      groupAdmin.session,
      series.id,
      appointmentBody([calendar], {
        name: 'Renamed by the group',
        date: { start: '2026-10-06T10:00', end: '2026-10-06T11:00' },
        recurrence_pattern: { recurrence_frequency: 'weekly' },
      }),
    );
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ calendar_ids: [calendar], unknown_calendars: 1 });
    const byAuthor = (await api.get(w.author.session, series.id)).json<Appointment>();
    expect([...byAuthor.calendar_ids].sort()).toEqual([w.authorCalendar, calendar].sort());
  });
});
