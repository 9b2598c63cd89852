import { storeNetworkSettings } from '../../../testing/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  member,
  type TestApp,
} from '../test-support.ts';
import { changeRow, participationApi } from './test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let p: ReturnType<typeof participationApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  p = participationApi(t);
});
afterAll(() => t.close());

/** An appointment of the network calendar (every member reads it), made by the administrator. */
async function networkAppointment(overrides: Parameters<typeof appointmentBody>[1] = {}) {
  const response = await api.create(w.admin.session, appointmentBody([w.networkCalendar], overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

const closed = { attendee_configuration: { user_can_opt: false } };

describe('PUT /appointments/{id}/participants/me', () => {
  it('walks the ladder: 401, 422, 403, 200', async () => {
    const appointment = await networkAppointment(closed);
    expect((await p.respond(null, appointment.id, 'accepted')).statusCode).toBe(401);
    const invalid = await p.respond(w.other.session, appointment.id, 'maybe');
    expect(invalid.statusCode).toBe(422);
    // Refusing is the organiser's word, not the member's own answer.
    expect((await p.respond(w.other.session, appointment.id, 'rejected')).json()).toEqual({
      errors: { status: ['invalid'] },
    });
    // Members do not sign up on their own here, and nobody invited them.
    expect((await p.respond(w.other.session, appointment.id, 'accepted')).statusCode).toBe(403);
    expect((await p.respond(w.other.session, 'f'.repeat(24), 'accepted')).statusCode).toBe(404);
    await p.add(w.admin.session, appointment.id, { participant: { membership_ids: [w.other.membership.id] } });
    const response = await p.respond(w.other.session, appointment.id, 'accepted');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Appointment>()).toMatchObject({
      id: appointment.id,
      my_participant: { id: 'me', status: 'accepted', membership: { id: w.other.membership.id } },
      my_invite: { status: 'accepted' },
      attending_participants_count: 2,
      can: { opt: true },
    });
  });

  it('lets members sign up where they may opt in, and answer again', async () => {
    const appointment = await networkAppointment();
    const before = await p.detail(w.author.session, appointment.id);
    expect(before.can.opt).toBe(true);
    expect(before.my_participant).toBeNull();
    expect((await p.respond(w.author.session, appointment.id, 'accepted')).json<Appointment>()).toMatchObject({
      my_participant: { status: 'accepted' },
      attending_participants_count: 2,
    });
    const declined = (await p.respond(w.author.session, appointment.id, 'declined')).json<Appointment>();
    expect(declined).toMatchObject({ my_participant: { status: 'declined' }, attending_participants_count: 1 });
    expect(declined.participant_counts).toEqual({ accepted: 1, declined: 1, invited: 0 });
  });

  it('keeps guests from signing up to what they only see, but lets them answer an invitation', async () => {
    const guest = await member(t, w.network.id, { external: true });
    const { calendar } = await groupWithCalendar(t.services, w.network.id, { admins: [w.author], members: [guest] });
    const response = await api.create(w.author.session, appointmentBody([calendar]));
    const appointment = response.json<Appointment>();
    expect((await p.detail(guest.session, appointment.id)).can.opt).toBe(false);
    expect((await p.respond(guest.session, appointment.id, 'accepted')).statusCode).toBe(403);
    await p.add(w.author.session, appointment.id, { participant: { membership_ids: [guest.membership.id] } });
    expect((await p.detail(guest.session, appointment.id)).can.opt).toBe(true);
    expect((await p.respond(guest.session, appointment.id, 'accepted')).statusCode).toBe(200);
  });

  it('refuses answers to canceled and locked appointments', async () => {
    const appointment = await networkAppointment();
    await changeRow(t, appointment.id, {
      attendeeConfiguration: { ...appointment.attendee_configuration, participation_locked: true },
    });
    expect((await p.detail(w.other.session, appointment.id)).can.opt).toBe(false);
    expect((await p.respond(w.other.session, appointment.id, 'accepted')).json()).toEqual({
      errors: { status: ['participation_locked'] },
    });
    await changeRow(t, appointment.id, { canceled: true });
    expect((await p.respond(w.other.session, appointment.id, 'declined')).json()).toEqual({
      errors: { status: ['appointment_canceled'] },
    });
  });

  it('refuses answers once it is over, unless the network allows answering afterwards', async () => {
    const past = await networkAppointment({ date: { start: '2020-03-02T10:00', end: '2020-03-02T11:00' } });
    expect((await p.detail(w.other.session, past.id)).can.opt).toBe(false);
    expect((await p.respond(w.other.session, past.id, 'accepted')).json()).toEqual({
      errors: { status: ['appointment_over'] },
    });
    const network = await t.services.networks.get(w.network.id);
    await storeNetworkSettings(t.database.db, w.network.id, {
      ...network!.settings,
      appointments_retroactive_opting: true,
    });
    try {
      expect((await p.detail(w.other.session, past.id)).can.opt).toBe(true);
      expect((await p.respond(w.other.session, past.id, 'accepted')).statusCode).toBe(200);
    } finally {
      await storeNetworkSettings(t.database.db, w.network.id, network!.settings);
    }
  });

  it('refuses accepting after the registration deadline, but not declining', async () => {
    const appointment = await networkAppointment({
      application_configuration: { registration_required: true, registration_deadline: '2020-01-01T12:00' },
    });
    expect(appointment.registration_closed).toBe(true);
    expect((await p.respond(w.other.session, appointment.id, 'accepted')).json()).toEqual({
      errors: { status: ['registration_deadline_passed'] },
    });
    expect((await p.respond(w.other.session, appointment.id, 'declined')).statusCode).toBe(200);
  });

  it('gives the last place to one member only, also when many ask at once', async () => {
    // The organiser takes one of two places.
    const appointment = await networkAppointment({
      attendee_configuration: { total: 2, total_attendees_enforced: true },
    });
    const crowd = await Promise.all(Array.from({ length: 10 }, () => member(t, w.network.id)));
    const answers = await Promise.all(crowd.map((m) => p.respond(m.session, appointment.id, 'accepted')));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    expect(answers.find((a) => a.statusCode === 422)!.json()).toEqual({
      errors: { status: ['total_attendees_exceeded'] },
    });
    const detail = await p.detail(w.admin.session, appointment.id);
    expect(detail.attending_participants_count).toBe(2);
    expect(detail.total_attendees_enforced_and_exceeded).toBe(true);
    // Whoever has a place keeps it when answering again.
    const winner = crowd[answers.findIndex((a) => a.statusCode === 200)]!;
    expect((await p.respond(winner.session, appointment.id, 'accepted')).statusCode).toBe(200);
  });

  it('answers one occurrence of a series alone or the whole series', async () => {
    const series = await networkAppointment({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const first = `r-${series.id}-20261201T1000`;
    const second = `r-${series.id}-20261208T1000`;
    // An occurrence needs to be told what the answer is for.
    expect((await p.respond(w.other.session, first, 'accepted')).json()).toEqual({
      errors: { apply_to: ['required'] },
    });
    expect((await p.respond(w.other.session, first, 'accepted', 'all')).statusCode).toBe(200);
    expect((await p.detail(w.other.session, second)).my_participant?.status).toBe('accepted');
    // Declining one occurrence leaves the others accepted.
    const declined = await p.respond(w.other.session, second, 'declined', 'this');
    expect(declined.json<Appointment>()).toMatchObject({ my_participant: { status: 'declined' } });
    expect((await p.detail(w.other.session, first)).my_participant?.status).toBe('accepted');
    expect((await p.detail(w.other.session, series.id)).my_participant?.status).toBe('accepted');
    expect((await p.detail(w.admin.session, second)).attending_participants_count).toBe(1);
    expect((await p.detail(w.admin.session, first)).attending_participants_count).toBe(2);
    // Answering for all again drops the occurrence's own answer.
    await p.respond(w.other.session, first, 'declined', 'all');
    await p.respond(w.other.session, first, 'accepted', 'all');
    expect((await p.detail(w.other.session, second)).my_participant?.status).toBe('accepted');
  });

  it('answers a modified occurrence by its own id too, keeping the participants on the series', async () => {
    const series = await networkAppointment({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const occurrence = `r-${series.id}-20261215T1000`;
    const body = appointmentBody(
      [w.networkCalendar],
      { name: 'Moved', date: { start: '2026-12-15T14:00', end: '2026-12-15T15:00' } },
      'this',
    );
    expect((await api.update(w.admin.session, occurrence, body)).statusCode).toBe(200);
    const response = await p.respond(w.other.session, occurrence, 'accepted', 'this');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Appointment>()).toMatchObject({ name: 'Moved', my_participant: { status: 'accepted' } });
    expect((await p.detail(w.other.session, series.id)).my_participant).toBeNull();
  });

  it('counts open invites as Calendars unreads until they are answered', async () => {
    const invitee = await member(t, w.network.id);
    expect(await p.calendarsUnread(invitee.session)).toBe(0);
    const one = await networkAppointment(closed);
    const two = await networkAppointment(closed);
    const past = await networkAppointment({ date: { start: '2020-03-02T10:00', end: '2020-03-02T11:00' } });
    const canceled = await networkAppointment();
    for (const a of [one, two, past, canceled]) {
      const added = await p.add(w.admin.session, a.id, { participant: { membership_ids: [invitee.membership.id] } });
      expect(added.statusCode, added.body).toBe(201);
    }
    await changeRow(t, canceled.id, { canceled: true });
    // The past one's invite is expired, the canceled one's does not ask for anything.
    expect(await p.calendarsUnread(invitee.session)).toBe(2);
    expect((await p.detail(invitee.session, one.id)).my_invite?.status).toBe('open');
    expect((await p.detail(invitee.session, past.id)).my_invite?.status).toBe('expired');
    await p.respond(invitee.session, one.id, 'declined');
    expect(await p.calendarsUnread(invitee.session)).toBe(1);
    expect((await p.detail(invitee.session, one.id)).my_invite?.status).toBe('declined');
    // Taking the answer back opens the invite again.
    await p.respond(invitee.session, one.id, 'open');
    expect(await p.calendarsUnread(invitee.session)).toBe(2);
  });
});
