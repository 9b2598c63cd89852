import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { createMember } from '../../testing/index.ts';
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

async function created(overrides: Parameters<typeof appointmentBody>[1] = {}, calendarIds = [w.authorCalendar]) {
  const response = await api.create(w.author.session, appointmentBody(calendarIds, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

describe('POST /appointments', () => {
  it('walks the ladder: 401, 422, 403, 201', async () => {
    const body = appointmentBody([w.networkCalendar]);
    expect((await api.create(null, body)).statusCode).toBe(401);
    const invalid = await api.create(w.author.session, appointmentBody([w.networkCalendar], { name: ' ' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { name: ['required'] } });
    // Only network administrators put appointments into the network calendar.
    expect((await api.create(w.author.session, body)).statusCode).toBe(403);
    const response = await api.create(w.admin.session, body);
    expect(response.statusCode).toBe(201);
  });

  it('stores every field and shows it as the detail does', async () => {
    const [category] = await t.services.appointments.createCategories(w.network.id, ['Training']);
    const appointment = await created({
      name: 'Planning day',
      description: '<p>Agenda <a href="https://example.org" target="_blank">here</a></p><script>alert(1)</script>',
      category_id: category!.id,
      contact_ids: [w.other.membership.id],
      location: { name: 'Town hall', address1: 'Main street 1', zip: '10115', city: 'Berlin', country: 'Germany' },
      meeting: { join_url: 'https://meet.example.org/abc', conference_call_phone_number: '+49 30 1234' },
      attendee_configuration: { total: 20, total_attendees_enforced: true },
      application_configuration: {
        registration_required: true,
        registration_deadline: '2026-11-28T18:00',
        registration_with_costs: true,
        costs: 12.5,
        url: 'https://tickets.example.org',
      },
      is_event: true,
      post_to_stream: true,
    });
    expect(appointment).toMatchObject({
      name: 'Planning day',
      type: 'appointment',
      path: `/appointments/${appointment.id}`,
      description: '<p>Agenda <a href="https://example.org" target="_blank" rel="noopener noreferrer">here</a></p>',
      calendar_ids: [w.authorCalendar],
      unknown_calendars: 0,
      category: { id: category!.id, label: 'Training' },
      date: {
        start: '2026-12-01T10:00:00+01:00',
        end: '2026-12-01T11:00:00+01:00',
        all_day: false,
        time_zone: 'Europe/Berlin',
        same_day: true,
      },
      recurrence_pattern: { recurrence_frequency: 'never', recurrence_interval: 1, recurrence_end_time: null },
      series_id: null,
      modified: false,
      location: {
        name: 'Town hall',
        zip: '10115',
        maps_url: 'https://www.openstreetmap.org/search?query=Main%20street%201%2C%2010115%20Berlin%2C%20Germany',
      },
      meeting: { join_url: 'https://meet.example.org/abc', room_id: null, has_meeting: true },
      attendee_configuration: { total: 20, total_attendees_enforced: true, participation_locked: false },
      application_configuration: {
        registration_required: true,
        registration_deadline: '2026-11-28T18:00:00+01:00',
        costs: 12.5,
        currency: '€',
        url: 'https://tickets.example.org',
      },
      is_event: true,
      post_to_stream: true,
      attending_participants_count: 1,
      // The author takes part as its organizer.
      participants: [
        expect.objectContaining({
          status: 'accepted',
          roles: [{ id: null, name: 'organizer', display_type: 'default' }],
          membership: expect.objectContaining({ id: w.author.membership.id }),
        }),
      ],
      my_participant: expect.objectContaining({ id: 'me', status: 'accepted' }),
      my_invite: null,
    });
    expect(appointment.description_rendered).toBe(appointment.description);
    expect(appointment.contacts).toEqual([
      expect.objectContaining({ id: w.other.membership.id, path: `/members/${w.other.membership.id}` }),
    ]);
    expect(appointment.author).toMatchObject({
      id: w.author.membership.id,
      path: `/members/${w.author.membership.id}`,
    });
    expect(appointment.last_author?.id).toBe(w.author.membership.id);
    expect(appointment.calendars).toEqual([
      expect.objectContaining({ id: w.authorCalendar, type: 'personal', group_slug: null, color: '2f9e44' }),
    ]);
    expect(appointment.can).toEqual({
      update: true,
      contact: true,
      update_participants: true,
      download_attendees: true,
      destroy: true,
      opt: true,
      show_attendees: true,
      start_meeting: false,
      create_appointments: true,
    });
    const again = await api.get(w.author.session, appointment.id);
    expect(again.json()).toEqual(appointment);
  });

  it('answers every validation key of the form', async () => {
    const cases: Array<[Parameters<typeof appointmentBody>[1], Record<string, string[]>]> = [
      [{ name: '' }, { name: ['required'] }],
      [{ calendar_ids: [] }, { calendar_ids: ['calendars_empty'] }],
      [{ date: { start: '2026-12-01T10:00', end: '2026-12-01T09:00' } }, { 'date.end': ['end_lt_start'] }],
      [{ date: { time_zone: 'Mars/Olympus' } }, { 'date.time_zone': ['invalid'] }],
      [
        { recurrence_pattern: { recurrence_frequency: 'custom', recurrence_interval: 0 } },
        { 'recurrence_pattern.recurrence_interval': ['too_short'] },
      ],
      [{ attendee_configuration: { total: -1 } }, { 'attendee_configuration.total': ['too_short'] }],
      [
        { application_configuration: { registration_with_costs: true, costs: -5 } },
        { 'application_configuration.costs': ['too_short'] },
      ],
      [
        { application_configuration: { registration_with_costs: true } },
        { 'application_configuration.costs': ['required'] },
      ],
      [{ location: { link: 'javascript:alert(1)' } }, { 'location.link': ['invalid_url'] }],
      [{ application_configuration: { url: 'not a url' } }, { 'application_configuration.url': ['invalid_url'] }],
      [{ meeting: { join_url: 'ftp://example.org' } }, { 'meeting.join_url': ['invalid_url'] }],
    ];
    for (const [overrides, errors] of cases) {
      const response = await api.create(w.author.session, appointmentBody([w.authorCalendar], overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ errors });
    }
  });

  it('refuses calendars, contacts and categories that are not the network’s or not readable', async () => {
    const { membership: consumer } = await createMember(t.services, w.network.id, { consumer: true });
    const foreign = '0123456789abcdef01234567';
    const cases: Array<[Parameters<typeof appointmentBody>[1], Record<string, string[]>]> = [
      [{ calendar_ids: [w.authorCalendar, foreign] }, { calendar_ids: ['invalid'] }],
      [{ contact_ids: [foreign] }, { contact_ids: ['invalid'] }],
      [{ contact_ids: [consumer.id] }, { contact_ids: ['invalid'] }],
      [{ category_id: foreign }, { category_id: ['invalid'] }],
    ];
    for (const [overrides, errors] of cases) {
      const response = await api.create(w.author.session, appointmentBody([w.authorCalendar], overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json()).toEqual({ errors });
    }
    // The other member's calendar is readable to the author (shared) but not writable: 403.
    const shared = await api.create(w.author.session, appointmentBody([w.otherCalendar]));
    expect(shared.statusCode).toBe(403);
    // Not readable at all (another member's unshared calendar, seen from the admin): 422.
    const unreadable = await api.create(w.admin.session, appointmentBody([w.authorCalendar]));
    expect(unreadable.statusCode).toBe(422);
  });

  it('applies the form rules on the server: Teams off without Teams, recurrence settings, registration details', async () => {
    const appointment = await created({
      teams_configuration: { teams_sync_enabled: true, online_meeting: true, bypass_lobby: true },
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 3 },
      application_configuration: {
        registration_required: false,
        registration_deadline: '2026-11-30T12:00',
        registration_with_costs: false,
        costs: 10,
      },
      post_to_stream: false,
      activitystream_ids: ['0123456789abcdef01234567'],
    });
    expect(appointment.teams_configuration).toMatchObject({
      teams_sync_enabled: false,
      online_meeting: false,
      bypass_lobby: false,
    });
    // Weekly is every week: the interval counts only for custom recurrences.
    expect(appointment.recurrence_pattern).toMatchObject({ recurrence_frequency: 'weekly', recurrence_interval: 1 });
    expect(appointment.application_configuration).toMatchObject({ registration_deadline: null, costs: null });
    expect(appointment.activitystream_ids).toEqual([]);
  });

  it('stores all-day appointments by their days, the end naming the last day', async () => {
    const oneDay = await created({ date: { start: '2026-12-03', end: null, all_day: true } });
    expect(oneDay.date).toEqual({
      start: '2026-12-03',
      end: '2026-12-03',
      all_day: true,
      time_zone: 'Europe/Berlin',
      same_day: true,
    });
    const threeDays = await created({ date: { start: '2026-12-03', end: '2026-12-05', all_day: true } });
    expect(threeDays.date).toMatchObject({ start: '2026-12-03', end: '2026-12-05', same_day: false });
    const backwards = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], { date: { start: '2026-12-05', end: '2026-12-03', all_day: true } }),
    );
    expect(backwards.json()).toEqual({ errors: { 'date.end': ['end_lt_start'] } });
  });

  it('checks the order of start and end again once converted to instants', async () => {
    // 17:00 at +02:00 is 16:00 in Berlin: the same instant as the start, so no appointment runs backwards.
    const response = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], {
        date: { start: '2026-12-01T16:00:00+01:00', end: '2026-12-01T17:00:00+02:00' },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Appointment>().date).toMatchObject({
      start: '2026-12-01T16:00:00+01:00',
      end: '2026-12-01T16:00:00+01:00',
    });
    // 16:30 at +05:00 is 12:30 in Berlin: after the start as written, before it as an instant.
    const earlier = await api.create(
      w.author.session,
      appointmentBody([w.authorCalendar], {
        date: { start: '2026-12-01T16:00:00+01:00', end: '2026-12-01T16:30:00+05:00' },
      }),
    );
    expect(earlier.json()).toEqual({ errors: { 'date.end': ['end_lt_start'] } });
  });

  it('keeps an appointment without end', async () => {
    const appointment = await created({ date: { end: null } });
    expect(appointment.date).toMatchObject({ start: '2026-12-01T10:00:00+01:00', end: null, same_day: true });
  });
});

describe('GET /appointments/:id', () => {
  it('walks the ladder: 401, 404 for unknown, malformed and unreadable ids, 200', async () => {
    const appointment = await created();
    expect((await api.get(null, appointment.id)).statusCode).toBe(401);
    expect((await api.get(w.author.session, '0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await api.get(w.author.session, 'nonsense')).statusCode).toBe(404);
    expect((await api.get(w.author.session, `r-${appointment.id}-20261201T1000`)).statusCode).toBe(404);
    // A personal calendar is its owner's (and those it is shared with): not even the admin reads it.
    expect((await api.get(w.admin.session, appointment.id)).statusCode).toBe(404);
    expect((await api.get(w.author.session, appointment.id)).statusCode).toBe(200);
  });

  it('shows a calendar shared with the reader as shared, read-only', async () => {
    const response = await api.create(w.other.session, appointmentBody([w.otherCalendar]));
    const appointment = response.json<Appointment>();
    const seen = (await api.get(w.author.session, appointment.id)).json<Appointment>();
    expect(seen.calendars).toEqual([expect.objectContaining({ id: w.otherCalendar, type: 'shared' })]);
    expect(seen.can).toMatchObject({ update: false, destroy: false, opt: true, create_appointments: false });
  });

  it('counts the calendars the reader may not see', async () => {
    const { calendar } = await groupWithCalendar(t.services, w.network.id, { members: [w.author, w.other] });
    const appointment = await created({}, [w.authorCalendar, calendar]);
    const seen = (await api.get(w.other.session, appointment.id)).json<Appointment>();
    expect(seen.calendar_ids).toEqual([calendar]);
    expect(seen.unknown_calendars).toBe(1);
    expect(seen.calendars).toEqual([
      expect.objectContaining({ id: calendar, type: 'group', group_slug: expect.any(String) }),
    ]);
  });
});

describe('PUT /appointments/:id', () => {
  it('walks the ladder: 401, 422, 404, 403, 200', async () => {
    const appointment = await created();
    const body = appointmentBody([w.authorCalendar], { name: 'Renamed' });
    expect((await api.update(null, appointment.id, body)).statusCode).toBe(401);
    expect((await api.update(w.author.session, appointment.id, appointmentBody([]))).statusCode).toBe(422);
    expect((await api.update(w.author.session, '0123456789abcdef01234567', body)).statusCode).toBe(404);
    expect((await api.update(w.other.session, appointment.id, body)).statusCode).toBe(404);
    const response = await api.update(w.author.session, appointment.id, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: appointment.id, name: 'Renamed' });
  });

  it('lets the author, calendar managers and network admins edit; other readers get 403', async () => {
    const body = appointmentBody([w.networkCalendar]);
    const byAdmin = (await api.create(w.admin.session, body)).json<Appointment>();
    expect((await api.update(w.author.session, byAdmin.id, body)).statusCode).toBe(403);
    expect((await api.update(w.other.session, byAdmin.id, body)).statusCode).toBe(403);
    expect((await api.update(w.external.session, byAdmin.id, body)).statusCode).toBe(404);
    expect(
      (await api.update(w.admin.session, byAdmin.id, appointmentBody([w.networkCalendar], { name: 'X' }))).statusCode,
    ).toBe(200);

    // In a group calendar: members add appointments, the group's administrators manage them all.
    const groupAdmin = await member(t, w.network.id);
    const fellow = await member(t, w.network.id);
    const { calendar } = await groupWithCalendar(t.services, w.network.id, {
      admins: [groupAdmin],
      members: [w.author, fellow],
    });
    const mine = await api.create(w.author.session, appointmentBody([calendar]));
    expect(mine.statusCode).toBe(201);
    const id = mine.json<Appointment>().id;
    expect((await api.update(fellow.session, id, appointmentBody([calendar]))).statusCode).toBe(403);
    expect((await api.update(w.external.session, id, appointmentBody([calendar]))).statusCode).toBe(404);
    expect((await api.update(groupAdmin.session, id, appointmentBody([calendar]))).statusCode).toBe(200);
    expect((await api.update(w.author.session, id, appointmentBody([calendar]))).statusCode).toBe(200);
    expect((await api.update(w.admin.session, id, appointmentBody([calendar]))).statusCode).toBe(200);
    // What the fellow member sees: may read and answer, not change.
    const seen = (await api.get(fellow.session, id)).json<Appointment>();
    expect(seen.can).toMatchObject({ update: false, destroy: false, opt: true, show_attendees: true });
    expect((await api.destroy(fellow.session, id)).statusCode).toBe(403);
    expect((await api.destroy(groupAdmin.session, id)).statusCode).toBe(204);
  });

  it('needs the right to create appointments in each calendar it adds, not in those it keeps', async () => {
    const appointment = (await api.create(w.admin.session, appointmentBody([w.networkCalendar]))).json<Appointment>();
    // The admin may not write into the author's personal calendar (cannot read it): 422.
    const added = await api.update(
      w.admin.session,
      appointment.id,
      appointmentBody([w.networkCalendar, w.authorCalendar]),
    );
    expect(added.statusCode).toBe(422);
    expect(added.json()).toEqual({ errors: { calendar_ids: ['invalid'] } });
  });

  it('does not answer for another network', async () => {
    const elsewhere = await appointmentsWorld(t, 'elsewhere.test');
    const theirs = (
      await api.create(elsewhere.author.session, appointmentBody([elsewhere.authorCalendar]))
    ).json<Appointment>();
    const mine = await created();
    expect((await api.get(w.author.session, theirs.id)).statusCode).toBe(404);
    expect((await api.update(w.admin.session, theirs.id, appointmentBody([w.networkCalendar]))).statusCode).toBe(404);
    expect((await api.destroy(elsewhere.admin.session, mine.id)).statusCode).toBe(404);
    // Calendars of another network are not calendars here.
    const crossed = await api.create(w.author.session, appointmentBody([elsewhere.authorCalendar]));
    expect(crossed.json()).toEqual({ errors: { calendar_ids: ['invalid'] } });
  });
});

describe('DELETE /appointments/:id', () => {
  it('walks the ladder: 401, 404, 403, 204', async () => {
    const appointment = (await api.create(w.admin.session, appointmentBody([w.networkCalendar]))).json<Appointment>();
    expect((await api.destroy(null, appointment.id)).statusCode).toBe(401);
    expect((await api.destroy(w.author.session, 'nonsense')).statusCode).toBe(404);
    expect((await api.destroy(w.external.session, appointment.id)).statusCode).toBe(404);
    expect((await api.destroy(w.author.session, appointment.id)).statusCode).toBe(403);
    expect((await api.destroy(w.admin.session, appointment.id)).statusCode).toBe(204);
    expect((await api.get(w.admin.session, appointment.id)).statusCode).toBe(404);
  });
});

describe('GET /appointments/categories', () => {
  it('lists the network’s categories in their order', async () => {
    const response = await t.app.inject({ url: '/appointments/categories', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(401);
    await t.services.appointments.createCategories(w.network.id, ['Workshop', 'Concert'], 10);
    const list = await t.app.inject({ url: '/appointments/categories', headers: w.external.session.headers });
    expect(list.statusCode).toBe(200);
    const labels = list.json<Array<{ id: string; label: string }>>().map((c) => c.label);
    expect(labels.slice(-2)).toEqual(['Workshop', 'Concert']);
  });
});
