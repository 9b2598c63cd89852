import { storeNetworkSettings } from '../../../testing/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentInvite } from '@agora/contracts';
import { organiserApi } from '../organiser-test-support.ts';
import { appointmentsWorld, createTestApp, member, type Member, type TestApp } from '../test-support.ts';

let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof organiserApi>;

beforeAll(async () => {
  t = await createTestApp();
  w = await appointmentsWorld(t);
  api = organiserApi(t);
});
afterAll(() => t.close());

const weekly = { recurrence_pattern: { recurrence_frequency: 'weekly' as const } };

/** An appointment of the network calendar, which every internal member reads. */
const networkAppointment = (overrides: Parameters<typeof api.created>[2] = {}) =>
  api.created(w.admin.session, [w.networkCalendar], overrides);

async function allowRetroactiveOpting(allowed: boolean) {
  const network = await t.services.networks.get(w.network.id);
  await storeNetworkSettings(t.database.db, w.network.id, {
    ...network!.settings,
    appointments_retroactive_opting: allowed,
  });
}

const inviteTo = async (invitee: Member, id: string): Promise<AppointmentInvite> => {
  const found = [
    ...(await api.invites(invitee.session, 'open')).items,
    ...(await api.invites(invitee.session, 'expired')).items,
  ].find((i) => i.invitable.id === id);
  if (!found) throw new Error(`no invite to ${id}`);
  return found;
};

describe('GET /api/v1/invites', () => {
  it('walks the ladder: 401, 422, 200', async () => {
    expect((await api.invitesRaw(null, '/api/v1/invites?filter=appointments&status=open')).statusCode).toBe(401);
    const invalid = await api.invitesRaw(w.other.session, '/api/v1/invites?filter=appointments&status=later');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { status: ['invalid'] } });
    const page = await api.invitesRaw(w.other.session, '/api/v1/invites?filter=appointments&status=open&limit=50');
    expect(page.statusCode).toBe(200);
  });

  it('presents an open invite with its appointment, author and calendars', async () => {
    const appointment = await networkAppointment({ name: 'Kick-off', location: { name: 'Hall 2' } });
    await api.invite(w.admin.session, appointment.id, [w.other.membership.id]);
    const invite = await inviteTo(w.other, appointment.id);
    expect(invite).toMatchObject({
      type: 'appointment_invite',
      invitable_type: 'Appointment',
      status: 'open',
      inviteStatus: 'open',
      author: { id: w.admin.membership.id },
      can: { accept: true, reject: true },
      invitable: {
        id: appointment.id,
        name: 'Kick-off',
        path: `/appointments/${appointment.id}`,
        type: 'appointment',
        recurring: false,
        canceled: false,
        location_name: 'Hall 2',
        date: { start: '2026-12-01T10:00:00+01:00', end: '2026-12-01T11:00:00+01:00', all_day: false },
      },
    });
    expect(invite.invitable.calendars).toEqual([expect.objectContaining({ id: w.networkCalendar })]);
  });

  it('presents series and occurrence invites as what they are about', async () => {
    const series = await networkAppointment({ name: 'Jour fixe', ...weekly });
    const occurrence = `r-${series.id}-20261215T1000`;
    await api.invite(w.admin.session, series.id, [w.other.membership.id]);
    await api.invite(w.admin.session, occurrence, [w.external.membership.id], 'this');
    expect(await inviteTo(w.other, series.id)).toMatchObject({
      invitable_type: 'RecurringAppointment',
      invitable: { type: 'recurring_appointment', recurring: true },
    });
    // The external member does not read the network calendar: the invite is left out.
    expect((await api.invites(w.external.session, 'open')).items.map((i) => i.invitable.id)).not.toContain(occurrence);
    const third = await member(t, w.network.id);
    await api.invite(w.admin.session, occurrence, [third.membership.id], 'this');
    expect(await inviteTo(third, occurrence)).toMatchObject({
      invitable_type: 'Appointment',
      invitable: {
        id: occurrence,
        type: 'virtual_appointment',
        recurring: true,
        date: { start: '2026-12-15T10:00:00+01:00' },
      },
    });
  });

  it('turns accepting off, not declining, where the enforced total of attendees is reached', async () => {
    // The organiser takes part (accepted) and so holds a place of their own.
    const limited = { attendee_configuration: { total: 2, total_attendees_enforced: true } };
    const full = await networkAppointment({ name: 'Erste Hilfe', ...limited });
    const taker = await member(t, w.network.id);
    await api.invite(w.admin.session, full.id, [taker.membership.id], undefined, 'accepted');
    await api.invite(w.admin.session, full.id, [w.other.membership.id]);
    const invite = await inviteTo(w.other, full.id);
    expect(invite).toMatchObject({ total_attendees_enforced_and_exceeded: true, can: { accept: false, reject: true } });
    // As the appointment itself says, and as answering finds.
    const detail = (await api.get(w.other.session, full.id)).json<Appointment>();
    expect(detail).toMatchObject({ attending_participants_count: 2, total_attendees_enforced_and_exceeded: true });
    expect((await api.answer(w.other.session, invite.id, 'accept')).statusCode).toBe(422);

    // A place left, or no enforced total: accepting stays on.
    const roomy = await networkAppointment({ attendee_configuration: { total: 3, total_attendees_enforced: true } });
    await api.invite(w.admin.session, roomy.id, [taker.membership.id], undefined, 'accepted');
    await api.invite(w.admin.session, roomy.id, [w.other.membership.id]);
    expect(await inviteTo(w.other, roomy.id)).toMatchObject({
      total_attendees_enforced_and_exceeded: false,
      can: { accept: true, reject: true },
    });

    // An occurrence counts its own places: taken there, the series still has one.
    const series = await networkAppointment({ ...weekly, ...limited });
    const occurrence = `r-${series.id}-20261215T1000`;
    await api.invite(w.admin.session, occurrence, [taker.membership.id], 'this', 'accepted');
    await api.invite(w.admin.session, occurrence, [w.other.membership.id], 'this');
    const third = await member(t, w.network.id);
    await api.invite(w.admin.session, series.id, [third.membership.id]);
    expect(await inviteTo(w.other, occurrence)).toMatchObject({
      total_attendees_enforced_and_exceeded: true,
      can: { accept: false, reject: true },
    });
    expect(await inviteTo(third, series.id)).toMatchObject({
      total_attendees_enforced_and_exceeded: false,
      can: { accept: true, reject: true },
    });

    const declined = await api.answer(w.other.session, invite.id, 'reject');
    expect(declined.statusCode, declined.body).toBe(200);
  });

  it('pages by next links, newest first', async () => {
    const invitee = await member(t, w.network.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const appointment = await networkAppointment({ name: `Paged ${i}` });
      await api.invite(w.admin.session, appointment.id, [invitee.membership.id]);
      ids.push(appointment.id);
    }
    const seen: string[] = [];
    let url: string | null = '/api/v1/invites?filter=appointments&status=open&limit=2';
    let pages = 0;
    while (url) {
      const response = await api.invitesRaw(invitee.session, url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<{ items: AppointmentInvite[]; next: string | null }>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.invitable.id!));
      url = page.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('lists an invite of a past appointment as expired, answerable only with retroactive opting', async () => {
    const past = await networkAppointment({ date: { start: '2026-01-05T10:00', end: '2026-01-05T11:00' } });
    await api.invite(w.admin.session, past.id, [w.other.membership.id]);
    expect((await api.invites(w.other.session, 'open')).items.map((i) => i.invitable.id)).not.toContain(past.id);
    const expired = (await api.invites(w.other.session, 'expired')).items.find((i) => i.invitable.id === past.id)!;
    expect(expired).toMatchObject({ inviteStatus: 'expired', status: 'open', can: { accept: false, reject: false } });
    const refused = await api.answer(w.other.session, expired.id, 'accept');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['invite_not_open'] } });

    await allowRetroactiveOpting(true);
    try {
      const answerable = (await api.invites(w.other.session, 'expired')).items.find((i) => i.id === expired.id)!;
      expect(answerable.can).toEqual({ accept: true, reject: true });
      const accepted = await api.answer(w.other.session, expired.id, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json<AppointmentInvite>()).toMatchObject({ inviteStatus: 'accepted', status: 'accepted' });
    } finally {
      await allowRetroactiveOpting(false);
    }
  });

  it('keeps invite ends in step when the appointment moves', async () => {
    const appointment = await networkAppointment();
    await api.invite(w.admin.session, appointment.id, [w.other.membership.id]);
    const moved = await api.update(w.admin.session, appointment.id, {
      appointment: {
        name: 'Moved back',
        calendar_ids: [w.networkCalendar],
        date: { start: '2026-02-02T10:00', end: '2026-02-02T11:00', all_day: false, time_zone: 'Europe/Berlin' },
        recurrence_pattern: { recurrence_frequency: 'never' },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api.invites(w.other.session, 'expired')).items.map((i) => i.invitable.id)).toContain(appointment.id);

    // An occurrence invite follows its occurrence, also when the occurrence is moved alone.
    const series = await networkAppointment({
      ...weekly,
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_end_time: '2026-12-29' },
    });
    const occurrence = `r-${series.id}-20261208T1000`;
    await api.invite(w.admin.session, occurrence, [w.other.membership.id], 'this');
    await api.invite(w.admin.session, series.id, [w.author.membership.id]);
    const movedOccurrence = await api.update(w.admin.session, occurrence, {
      appointment: {
        name: 'Earlier',
        calendar_ids: [w.networkCalendar],
        date: { start: '2026-11-02T10:00', end: '2026-11-02T11:00', all_day: false, time_zone: 'Europe/Berlin' },
        recurrence_pattern: { recurrence_frequency: 'never' },
      },
      apply_to: 'this',
    });
    expect(movedOccurrence.statusCode, movedOccurrence.body).toBe(200);
    const expired = (await api.invites(w.other.session, 'expired')).items.find((i) => i.invitable.id === occurrence);
    expect(expired).toMatchObject({ invitable: { name: 'Earlier', date: { start: '2026-11-02T10:00:00+01:00' } } });
    // The series' own invite ends with its last occurrence.
    expect((await api.invites(w.author.session, 'open')).items.map((i) => i.invitable.id)).toContain(series.id);
  });
});

describe('obsolete invites', () => {
  it('shows a deleted appointment from its snapshot', async () => {
    const appointment = await networkAppointment({
      name: 'Deleted one',
      date: { start: '2026-12-03', end: '2026-12-04', all_day: true },
    });
    await api.invite(w.admin.session, appointment.id, [w.other.membership.id]);
    const before = (await api.unreads(w.other.session)).Calendars;
    expect((await api.destroy(w.admin.session, appointment.id)).statusCode).toBe(204);
    const obsolete = await api.invites(w.other.session, 'obsolete');
    const found = obsolete.items.find((i) => i.invitable.name === 'Deleted one');
    expect(found).toMatchObject({
      inviteStatus: 'obsolete',
      can: { accept: false, reject: false },
      invitable: {
        id: null,
        path: null,
        recurring: false,
        date: { start: '2026-12-03', end: '2026-12-04', all_day: true, time_zone: 'Europe/Berlin' },
      },
    });
    expect((await api.unreads(w.other.session)).Calendars).toBe(before - 1);
    expect((await api.answer(w.other.session, found!.id, 'accept')).statusCode).toBe(422);
  });

  it('makes the invites of an occurrence deleted alone obsolete, with its time', async () => {
    const series = await networkAppointment({ name: 'Series with a gap', ...weekly });
    const occurrence = `r-${series.id}-20261222T1000`;
    await api.invite(w.admin.session, occurrence, [w.other.membership.id], 'this');
    await api.invite(w.admin.session, series.id, [w.author.membership.id]);
    expect((await api.destroy(w.admin.session, occurrence, 'this')).statusCode).toBe(204);
    const found = (await api.invites(w.other.session, 'obsolete')).items.find(
      (i) => i.invitable.name === 'Series with a gap',
    );
    expect(found).toMatchObject({ invitable: { id: null, date: { start: '2026-12-22T10:00:00+01:00' } } });
    expect((await api.invites(w.author.session, 'open')).items.map((i) => i.invitable.id)).toContain(series.id);
  });

  it('makes the invites of appointments deleted with their calendar obsolete', async () => {
    const calendar = await api.created(w.author.session, [w.authorCalendar], { name: 'In my calendar' });
    await api.invite(w.author.session, calendar.id, [w.other.membership.id]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/calendars/${w.authorCalendar}`,
      headers: w.author.session.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // The appointments of the calendar go by the event's processor.
    await t.services.events.settled();
    const found = (await api.invites(w.other.session, 'obsolete')).items.find(
      (i) => i.invitable.name === 'In my calendar',
    );
    expect(found).toMatchObject({ inviteStatus: 'obsolete', invitable: { id: null } });
  });
});

describe('POST /api/v1/invites/{id}/accept and /reject', () => {
  it('walks the ladder: 401, 404 for another member, 422 once answered, 200', async () => {
    const appointment = await networkAppointment();
    await api.invite(w.admin.session, appointment.id, [w.other.membership.id]);
    const invite = await inviteTo(w.other, appointment.id);
    expect((await api.answer(null, invite.id, 'accept')).statusCode).toBe(401);
    expect((await api.answer(w.author.session, invite.id, 'accept')).statusCode).toBe(404);
    expect((await api.answer(w.other.session, 'nonsense', 'accept')).statusCode).toBe(404);

    const before = (await api.unreads(w.other.session)).Calendars;
    const response = await api.answer(w.other.session, invite.id, 'accept');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AppointmentInvite>()).toMatchObject({
      id: invite.id,
      status: 'accepted',
      inviteStatus: 'accepted',
      can: { accept: false, reject: false },
    });
    expect((await api.unreads(w.other.session)).Calendars).toBe(before - 1);
    const detail = (await api.get(w.other.session, appointment.id)).json<Appointment>();
    expect(detail.my_participant?.status).toBe('accepted');

    const again = await api.answer(w.other.session, invite.id, 'reject');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['invite_not_open'] } });
  });

  it('declines an occurrence alone through its invite', async () => {
    const series = await networkAppointment({ ...weekly });
    const occurrence = `r-${series.id}-20261208T1000`;
    await api.invite(w.admin.session, occurrence, [w.other.membership.id], 'this');
    const invite = await inviteTo(w.other, occurrence);
    const response = await api.answer(w.other.session, invite.id, 'reject');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AppointmentInvite>()).toMatchObject({ status: 'declined', inviteStatus: 'declined' });
    const declined = (await api.get(w.other.session, occurrence)).json<Appointment>();
    expect(declined.my_participant?.status).toBe('declined');
    // The rest of the series is not concerned.
    const next = (await api.get(w.other.session, `r-${series.id}-20261215T1000`)).json<Appointment>();
    expect(next.my_participant).toBeNull();
  });
});

describe('GET /api/v1/participations', () => {
  it('walks the ladder: 401, 422, 200', async () => {
    const anonymous = await t.app.inject({
      url: '/api/v1/participations?status=upcoming',
      headers: { accept: 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await t.app.inject({
      url: '/api/v1/participations?status=upcoming&cursor=garbage',
      headers: w.other.session.headers,
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { cursor: ['invalid'] } });
    expect((await api.participations(w.other.session, 'upcoming')).items).toBeInstanceOf(Array);
  });

  it('lists upcoming, accepted and declined participations, paged by cursor', async () => {
    const viewer = await member(t, w.network.id);
    const dates = ['2026-12-10', '2026-12-05', '2026-12-20', '2026-01-10'];
    const ids: string[] = [];
    for (const day of dates) {
      const appointment = await networkAppointment({
        name: `On ${day}`,
        date: { start: `${day}T09:00`, end: `${day}T10:00` },
      });
      await api.invite(w.admin.session, appointment.id, [viewer.membership.id], undefined, 'accepted');
      ids.push(appointment.id);
    }
    const series = await networkAppointment({
      name: 'Weekly since spring',
      ...weekly,
      date: { start: '2026-03-03T08:00', end: '2026-03-03T09:00' },
    });
    await api.invite(w.admin.session, series.id, [viewer.membership.id], undefined, 'accepted');
    const declinedOccurrence = `r-${series.id}-20261208T0800`;
    expect((await api.respond(viewer.session, declinedOccurrence, 'declined', 'this')).statusCode).toBe(200);

    // Upcoming: soonest first; the running series counts as now.
    const upcoming: string[] = [];
    let query = '&limit=2';
    for (;;) {
      const page = await api.participations(viewer.session, 'upcoming', query);
      upcoming.push(...page.items.map((i) => i.invitable.id!));
      if (!page.next) break;
      query = page.next.slice(page.next.indexOf('&'));
    }
    expect(upcoming).toEqual([series.id, ids[1], ids[0], ids[2]]);

    const accepted = await api.participations(viewer.session, 'accepted', '&limit=20');
    expect(accepted.items.map((i) => i.invitable.id)).toEqual([ids[2], ids[0], ids[1], series.id, ids[3]]);
    expect(accepted.items.find((i) => i.invitable.id === series.id)).toMatchObject({
      status: 'accepted',
      invitable_type: 'RecurringAppointment',
      invitable: { recurring: true },
    });

    const declined = await api.participations(viewer.session, 'declined');
    expect(declined.items).toEqual([
      expect.objectContaining({
        status: 'declined',
        invitable_type: 'Appointment',
        invitable: expect.objectContaining({
          id: declinedOccurrence,
          date: expect.objectContaining({ start: '2026-12-08T08:00:00+01:00' }),
        }),
      }),
    ]);
  });
});
