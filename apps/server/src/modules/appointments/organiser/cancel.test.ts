import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { appointmentsWorld, createTestApp, type TestApp } from '../test-support.ts';
import { organiserApi } from '../organiser-test-support.ts';

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

/** An appointment of the network calendar (administrators manage it, every member reads it). */
const networkAppointment = (overrides: Parameters<typeof api.created>[2] = {}) =>
  api.created(w.admin.session, [w.networkCalendar], overrides);

async function detail(id: string, session = w.admin.session): Promise<Appointment> {
  const response = await api.get(session, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Appointment>();
}

describe('POST /appointments/{id}/cancel', () => {
  it('walks the ladder: 401, 422, 403, 200, and 422 once canceled', async () => {
    const appointment = await networkAppointment();
    expect((await api.cancel(null, appointment.id)).statusCode).toBe(401);
    const invalid = await api.cancel(w.author.session, appointment.id, { apply_to: 'some' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { apply_to: ['invalid'] } });
    // A member reads the network calendar but may not cancel what is in it.
    expect((await api.cancel(w.author.session, appointment.id)).statusCode).toBe(403);
    // Whom the appointment stays hidden from gets 404.
    expect((await api.cancel(w.external.session, appointment.id)).statusCode).toBe(404);

    const response = await api.cancel(w.admin.session, appointment.id);
    expect(response.statusCode, response.body).toBe(200);
    const canceled = response.json<Appointment>();
    expect(canceled).toMatchObject({ id: appointment.id, canceled: true });
    expect(canceled.last_author?.id).toBe(w.admin.membership.id);

    const again = await api.cancel(w.admin.session, appointment.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['already_canceled'] } });
  });

  it('makes the open invites obsolete and tells the participants', async () => {
    const appointment = await networkAppointment({ name: 'Summer party' });
    await api.invite(w.admin.session, appointment.id, [w.author.membership.id, w.other.membership.id]);
    // The other member has answered already: that invite is no longer open.
    expect((await api.respond(w.other.session, appointment.id, 'declined')).statusCode).toBe(200);
    const before = await api.unreads(w.author.session);
    expect((await api.invites(w.author.session, 'open')).items.map((i) => i.invitable.id)).toContain(appointment.id);

    expect((await api.cancel(w.admin.session, appointment.id)).statusCode).toBe(200);

    expect((await api.invites(w.author.session, 'open')).items.map((i) => i.invitable.id)).not.toContain(
      appointment.id,
    );
    const obsolete = (await api.invites(w.author.session, 'obsolete')).items.find(
      (i) => i.invitable.id === appointment.id,
    );
    expect(obsolete).toMatchObject({ inviteStatus: 'obsolete', invitable: { name: 'Summer party', canceled: true } });
    expect((await api.unreads(w.author.session)).Calendars).toBe(before.Calendars - 1);
    // The declined invite keeps its answer.
    const declined = await api.invites(w.other.session, 'obsolete');
    expect(declined.items.map((i) => i.invitable.id)).not.toContain(appointment.id);

    // The invited participant is told (by the event's processor); who declined is not.
    await t.services.events.settled();
    const notifications = await t.services.notifications.list(w.author.actor, { limit: 50, offset: 0 });
    expect(notifications.notifications.some((n) => n.type === 'appointment_canceled')).toBe(true);
    const others = await t.services.notifications.list(w.other.actor, { limit: 50, offset: 0 });
    expect(others.notifications.some((n) => n.type === 'appointment_canceled')).toBe(false);
  });

  it('cancels one occurrence alone, keeping its calendars, and needs apply_to for occurrences', async () => {
    const series = await networkAppointment({ name: 'Weekly', ...weekly });
    const first = `r-${series.id}-20261208T1000`;
    const second = `r-${series.id}-20261215T1000`;
    await api.invite(w.admin.session, first, [w.author.membership.id], 'this');
    await api.invite(w.admin.session, series.id, [w.other.membership.id]);

    const missing = await api.cancel(w.admin.session, first);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { apply_to: ['required'] } });

    const response = await api.cancel(w.admin.session, first, { apply_to: 'this' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Appointment>()).toMatchObject({ id: first, canceled: true, modified: true });
    const again = await detail(first);
    expect(again.calendar_ids).toEqual([w.networkCalendar]);
    expect((await detail(second)).canceled).toBe(false);
    expect((await detail(series.id)).canceled).toBe(false);
    expect((await api.cancel(w.admin.session, first, { apply_to: 'this' })).statusCode).toBe(422);

    // The occurrence's invite went; the series' invite stays open.
    expect((await api.invites(w.author.session, 'obsolete')).items.map((i) => i.invitable.id)).toContain(first);
    expect((await api.invites(w.other.session, 'open')).items.map((i) => i.invitable.id)).toContain(series.id);

    // The month still shows the canceled occurrence, canceled, in its calendar.
    const month = await api.month(w.admin.session, { date: '2026-12-01', calendar_ids: w.networkCalendar });
    const shown = month.appointments.find((a) => a.id === first);
    expect(shown).toMatchObject({ canceled: true, calendar_ids: [w.networkCalendar] });
  });

  it('cancels the whole series from an occurrence with apply_to all', async () => {
    const series = await networkAppointment({ name: 'Series to cancel', ...weekly });
    await api.invite(w.admin.session, series.id, [w.author.membership.id]);
    const occurrence = `r-${series.id}-20261215T1000`;
    const response = await api.cancel(w.admin.session, occurrence, { apply_to: 'all' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await detail(series.id)).canceled).toBe(true);
    expect((await detail(`r-${series.id}-20261222T1000`)).canceled).toBe(true);
    expect((await api.invites(w.author.session, 'obsolete')).items.map((i) => i.invitable.id)).toContain(series.id);
    // Canceled with its series: nothing left to cancel alone.
    const again = await api.cancel(w.admin.session, occurrence, { apply_to: 'this' });
    expect(again.json()).toEqual({ errors: { base: ['already_canceled'] } });
  });
});

describe('PATCH /appointments/{id} (participation lock)', () => {
  it('walks the ladder: 401, 422, 403, 200, and locks and unlocks', async () => {
    const appointment = await networkAppointment();
    expect((await api.lock(null, appointment.id, true)).statusCode).toBe(401);
    const invalid = await api.lock(w.author.session, appointment.id, 'yes');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { 'attendee_configuration.participation_locked': ['invalid'] } });
    expect((await api.lock(w.author.session, appointment.id, true)).statusCode).toBe(403);

    const locked = await api.lock(w.admin.session, appointment.id, true);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<Appointment>().attendee_configuration.participation_locked).toBe(true);
    expect(locked.json<Appointment>().can.opt).toBe(false);

    // Nobody answers while locked.
    const refused = await api.respond(w.author.session, appointment.id, 'accepted');
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('participation_locked');

    const unlocked = await api.lock(w.admin.session, appointment.id, false);
    expect(unlocked.json<Appointment>().attendee_configuration.participation_locked).toBe(false);
    expect((await api.respond(w.author.session, appointment.id, 'accepted')).statusCode).toBe(200);
  });

  it('is refused for a series itself and locks one occurrence alone', async () => {
    const series = await networkAppointment({ ...weekly });
    const refused = await api.lock(w.admin.session, series.id, true);
    expect(refused.statusCode).toBe(422);

    const occurrence = `r-${series.id}-20261208T1000`;
    const locked = await api.lock(w.admin.session, occurrence, true);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<Appointment>()).toMatchObject({
      id: occurrence,
      modified: true,
      attendee_configuration: { participation_locked: true },
    });
    expect((await detail(`r-${series.id}-20261215T1000`)).attendee_configuration.participation_locked).toBe(false);
    const answer = await api.respond(w.author.session, occurrence, 'accepted', 'this');
    expect(answer.statusCode).toBe(422);
    expect((await api.respond(w.author.session, `r-${series.id}-20261215T1000`, 'accepted', 'this')).statusCode).toBe(
      200,
    );

    // Saving the occurrence's form keeps the lock.
    const saved = await api.update(w.admin.session, occurrence, {
      appointment: {
        name: 'Renamed',
        calendar_ids: [w.networkCalendar],
        date: { start: '2026-12-08T10:00', end: '2026-12-08T11:00', all_day: false, time_zone: 'Europe/Berlin' },
        recurrence_pattern: { recurrence_frequency: 'never' },
      },
      apply_to: 'this',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Appointment>().attendee_configuration.participation_locked).toBe(true);
  });
});
