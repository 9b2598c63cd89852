import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPATION_LIMITS, type Appointment, type NotificationPage } from '@agora/contracts';
import { createMember, storeUserLocale } from '../../../testing/index.ts';
import { startMailbox } from '../../../testing/mailbox.ts';
import {
  appointmentBody,
  appointmentsApi,
  appointmentsWorld,
  createTestApp,
  groupWithCalendar,
  member,
  type Member,
  type TestApp,
} from '../test-support.ts';
import { participationApi } from './test-support.ts';

let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof appointmentsApi>;
let p: ReturnType<typeof participationApi>;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
  w = await appointmentsWorld(t);
  api = appointmentsApi(t);
  p = participationApi(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function authorAppointment(overrides: Parameters<typeof appointmentBody>[1] = {}) {
  // The shared calendar of `other` is readable by the author too; the network calendar by all.
  const response = await api.create(w.admin.session, appointmentBody([w.networkCalendar], overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Appointment>();
}

/** The member's notifications once the events' processors have run. */
async function notificationsOf(m: Member): Promise<NotificationPage> {
  await t.services.events.settled();
  const response = await t.app.inject({ url: '/api/v1/notifications', headers: m.session.headers });
  return response.json<NotificationPage>();
}

let named = 0;
/** A member with a chosen name (for the list order), signed in. */
function person(firstName: string, lastName: string, options: { locale?: string } = {}) {
  named += 1;
  return member(t, w.network.id, {
    firstName,
    lastName,
    email: `person-${named}-${lastName.toLowerCase()}@example.test`,
    ...options,
  });
}

describe('POST /appointments/{id}/participants', () => {
  it('walks the ladder: 401, 422, 403, 201', async () => {
    const appointment = await authorAppointment();
    const body = { participant: { membership_ids: [w.other.membership.id] } };
    expect((await p.add(null, appointment.id, body)).statusCode).toBe(401);
    expect((await p.add(w.admin.session, appointment.id, { participant: {} })).json()).toEqual({
      errors: { membership_ids: ['participants_empty'] },
    });
    expect((await p.add(w.admin.session, appointment.id, { participant: { membership_ids: ['x'] } })).statusCode).toBe(
      422,
    );
    expect(
      (await p.add(w.admin.session, appointment.id, { participant: { membership_ids: ['f'.repeat(24)] } })).json(),
    ).toEqual({ errors: { membership_ids: ['invalid'] } });
    expect((await p.add(w.author.session, appointment.id, body)).statusCode).toBe(403);
    const response = await p.add(w.admin.session, appointment.id, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ added: 1, queued: false });
    // Adding again adds nobody.
    expect((await p.add(w.admin.session, appointment.id, body)).json()).toEqual({ added: 0, queued: false });
  });

  it('invites: an invite, a notification and, when asked, a mail in the member’s language', async () => {
    const appointment = await authorAppointment({ name: 'Sommerfest' });
    const german = await person('Greta', 'Deutsch');
    await storeUserLocale(t.database.db, german.user.id, 'de');
    const english = await person('Emma', 'English');
    const response = await p.add(w.admin.session, appointment.id, {
      participant: { membership_ids: [german.membership.id, english.membership.id], send_email_notification: true },
    });
    expect(response.json()).toEqual({ added: 2, queued: false });
    expect((await p.detail(german.session, appointment.id)).my_invite?.status).toBe('open');
    expect((await p.detail(german.session, appointment.id)).my_participant?.status).toBe('invited');
    const notification = (await notificationsOf(german)).notifications[0]!;
    expect(notification).toMatchObject({
      type: 'appointment_invite',
      subject: {
        type: 'appointment',
        id: appointment.id,
        title: 'Sommerfest',
        path: `/appointments/${appointment.id}`,
      },
      actor: { id: w.admin.membership.id },
    });
    await t.services.jobs.settled();
    const de = await mailbox.waitFor(german.user.email);
    expect(de.subject).toBe('Einladung: Sommerfest');
    expect(de.text).toContain('hat Sie zum Termin „Sommerfest“ eingeladen');
    expect(de.text).toContain(`http://localhost:3000/appointments/${appointment.id}`);
    const en = await mailbox.waitFor(english.user.email);
    expect(en.subject).toBe('Invitation: Sommerfest');
    expect(en.text).toContain('invited you to the appointment "Sommerfest"');
  });

  it('adds with a status without inviting, and changes existing participants only when told a status', async () => {
    const appointment = await authorAppointment();
    const accepted = await person('Anna', 'Accepted');
    await p.add(w.admin.session, appointment.id, {
      participant: { membership_ids: [accepted.membership.id], status: 'accepted' },
    });
    const detail = await p.detail(accepted.session, appointment.id);
    expect(detail.my_participant?.status).toBe('accepted');
    expect(detail.my_invite).toBeNull();
    expect((await notificationsOf(accepted)).total).toBe(0);
    // Inviting again leaves the answer; a status given changes it.
    await p.add(w.admin.session, appointment.id, { participant: { membership_ids: [accepted.membership.id] } });
    expect((await p.detail(accepted.session, appointment.id)).my_participant?.status).toBe('accepted');
    await p.add(w.admin.session, appointment.id, {
      participant: { membership_ids: [accepted.membership.id], status: 'rejected' },
    });
    expect((await p.detail(accepted.session, appointment.id)).my_participant?.status).toBe('rejected');
  });

  it('adds consumers only when inviting consumers, and mails them too', async () => {
    const appointment = await authorAppointment({ name: 'Open day' });
    const consumer = await createMember(t.services, w.network.id, {
      consumer: true,
      firstName: 'Carl',
      lastName: 'Consumer',
    });
    const { group } = await groupWithCalendar(t.services, w.network.id, { admins: [w.admin] });
    await t.services.groups.addMembers(w.network.id, [{ groupId: group.id, membershipId: consumer.membership.id }]);
    const picked = { membership_ids: [consumer.membership.id] };
    expect((await p.add(w.admin.session, appointment.id, { participant: picked })).json()).toEqual({
      errors: { membership_ids: ['invalid'] },
    });
    // Through a group, consumers are left out unless invited.
    expect((await p.add(w.admin.session, appointment.id, { participant: { group_ids: [group.id] } })).json()).toEqual({
      added: 0,
      queued: false,
    });
    const response = await p.add(w.admin.session, appointment.id, {
      participant: { group_ids: [group.id], invite_consumers: true, send_email_notification: true },
    });
    expect(response.json()).toEqual({ added: 1, queued: false });
    const detail = await p.detail(w.admin.session, appointment.id);
    expect(detail.invited_consumers).toEqual([
      {
        id: consumer.membership.id,
        name: 'Carl Consumer',
        path: `/members/${consumer.membership.id}`,
        detection_profile_field: null,
      },
    ]);
    const page = await p.page(w.admin.session, appointment.id, { q: 'carl' });
    expect(page.participants[0]!.membership).toMatchObject({ is_consumer: true, is_external: false });
    await t.services.jobs.settled();
    expect((await mailbox.waitFor(consumer.user.email)).subject).toBe('Invitation: Open day');
  });

  it('adds the members of groups and roles, each with the roles they came through', async () => {
    const appointment = await authorAppointment();
    const a = await person('Ada', 'Group');
    const b = await person('Bea', 'Role');
    const { group } = await groupWithCalendar(t.services, w.network.id, { admins: [a] });
    const [role] = await t.services.membershipRoles.create(w.network.id, [
      { name: 'First aider', pluralName: 'First aiders', displayType: 'grouped' },
    ]);
    await t.services.membershipRoles.assign(w.network.id, [
      { roleId: role!.id, membershipId: b.membership.id },
      { roleId: role!.id, membershipId: a.membership.id },
    ]);
    expect(
      (await p.add(w.admin.session, appointment.id, { participant: { membership_role_ids: ['f'.repeat(24)] } })).json(),
    ).toEqual({ errors: { membership_role_ids: ['invalid'] } });
    expect(
      (await p.add(w.admin.session, appointment.id, { participant: { group_ids: ['f'.repeat(24)] } })).json(),
    ).toEqual({ errors: { group_ids: ['invalid'] } });
    const response = await p.add(w.admin.session, appointment.id, {
      participant: { group_ids: [group.id], membership_role_ids: [role!.id] },
    });
    expect(response.json()).toEqual({ added: 2, queued: false });
    const page = await p.page(w.admin.session, appointment.id, { status: 'invited' });
    const roles = Object.fromEntries(page.participants.map((x) => [x.membership.id, x.roles]));
    expect(roles[b.membership.id]).toEqual([{ id: role!.id, name: 'First aider', display_type: 'grouped' }]);
    expect(roles[a.membership.id]).toEqual([{ id: role!.id, name: 'First aider', display_type: 'grouped' }]);
  });

  it(`adds more than ${PARTICIPATION_LIMITS.inlineAddMax} members of a group by a job`, async () => {
    const appointment = await authorAppointment();
    const count = PARTICIPATION_LIMITS.inlineAddMax + 50;
    const created = await t.services.members.createMany(
      Array.from({ length: count }, (_, i) => ({
        networkId: w.network.id,
        userId: `bulk-user-${i}-${appointment.id}`,
        firstName: 'Bulk',
        lastName: `Member ${String(i).padStart(4, '0')}`,
      })),
    );
    const { group } = await groupWithCalendar(t.services, w.network.id, { admins: [w.other] });
    await t.services.groups.addMembers(
      w.network.id,
      created.map((m) => ({ groupId: group.id, membershipId: m.id })),
    );
    const response = await p.add(w.admin.session, appointment.id, {
      participant: { membership_ids: [w.author.membership.id], group_ids: [group.id] },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ added: 1, queued: true });
    await t.services.jobs.settled(30_000);
    const page = await p.page(w.admin.session, appointment.id, { limit: '1' });
    // The organiser, the author picked by name, the group's admin and its bulk members.
    expect(page.total).toBe(count + 3);
    expect(page.counts).toEqual({ accepted: 1, declined: 0, invited: count + 2 });
    expect((await notificationsOf(w.other)).notifications[0]).toMatchObject({ type: 'appointment_invite' });
  });
});

describe('GET /appointments/{id}/participants', () => {
  it('walks the ladder: 401, 422, 403, 200', async () => {
    const appointment = await authorAppointment({ attendee_configuration: { show_participants_to_admins_only: true } });
    expect((await p.list(null, appointment.id)).statusCode).toBe(401);
    expect((await p.list(w.admin.session, appointment.id, { limit: '0' })).statusCode).toBe(422);
    expect((await p.list(w.author.session, appointment.id)).statusCode).toBe(403);
    expect((await p.detail(w.author.session, appointment.id)).participants).toEqual([]);
    expect((await p.list(w.admin.session, appointment.id)).statusCode).toBe(200);
  });

  it('sorts accepted, then declined or rejected, then no answer, each by last and first name; finds by name and status', async () => {
    const appointment = await authorAppointment();
    const zoe = await person('Zoe', 'Adams');
    const bob = await person('Bob', 'Baker');
    const amy = await person('Amy', 'Baker');
    const carl = await person('Carl', 'Cooper');
    const ids = [zoe, bob, amy, carl].map((m) => m.membership.id);
    await p.add(w.admin.session, appointment.id, { participant: { membership_ids: ids } });
    await p.respond(carl.session, appointment.id, 'accepted');
    await p.respond(zoe.session, appointment.id, 'declined');
    const carlRow = (await p.page(w.admin.session, appointment.id, { q: 'cooper' })).participants[0]!;
    await p.setStatus(w.admin.session, appointment.id, carlRow.id, 'accepted');
    const bobRow = (await p.page(w.admin.session, appointment.id, { q: 'bob' })).participants[0]!;
    await p.setStatus(w.admin.session, appointment.id, bobRow.id, 'rejected');
    const page = await p.page(w.admin.session, appointment.id);
    expect(page.participants.map((x) => [x.membership.name, x.status])).toEqual([
      ['Carl Cooper', 'accepted'],
      [expect.stringContaining('Test Member'), 'accepted'],
      ['Zoe Adams', 'declined'],
      ['Bob Baker', 'rejected'],
      ['Amy Baker', 'invited'],
    ]);
    expect(page.counts).toEqual({ accepted: 2, declined: 2, invited: 1 });
    expect(page.participants[1]!.roles).toEqual([{ id: null, name: 'organizer', display_type: 'default' }]);
    expect(page.participants[0]!.can).toEqual({ update: true, destroy: true });
    expect(
      (await p.page(w.admin.session, appointment.id, { q: 'bak' })).participants.map((x) => x.membership.name),
    ).toEqual(['Bob Baker', 'Amy Baker']);
    expect(
      (await p.page(w.admin.session, appointment.id, { status: 'open' })).participants.map((x) => x.membership.name),
    ).toEqual(['Amy Baker']);
    const second = await p.page(w.admin.session, appointment.id, { limit: '2', offset: '2' });
    expect(second.participants.map((x) => x.membership.name)).toEqual(['Zoe Adams', 'Bob Baker']);
    expect(second.total).toBe(5);
    // Readers see the list too, without the management.
    const asReader = await p.page(w.other.session, appointment.id);
    expect(asReader.participants[0]!.can).toEqual({ update: false, destroy: false });
    const detail = await p.detail(w.other.session, appointment.id);
    expect(detail.participants.map((x) => x.membership.name)).toEqual(page.participants.map((x) => x.membership.name));
    expect(detail.participant_counts).toEqual(page.counts);
    expect(detail.can.download_attendees).toBe(false);
    expect((await p.detail(w.admin.session, appointment.id)).can.download_attendees).toBe(true);
  });

  it('lists the participants of one occurrence: its own rows before the series’', async () => {
    const series = await authorAppointment({ recurrence_pattern: { recurrence_frequency: 'weekly' } });
    const occurrence = `r-${series.id}-20261208T1000`;
    const later = `r-${series.id}-20261215T1000`;
    const guest = await person('Olga', 'Occurrence');
    expect(
      (await p.add(w.admin.session, occurrence, { participant: { membership_ids: [w.other.membership.id] } })).json(),
    ).toEqual({
      errors: { apply_to: ['required'] },
    });
    await p.add(w.admin.session, occurrence, {
      participant: { membership_ids: [w.other.membership.id] },
      apply_to: 'all',
    });
    await p.add(w.admin.session, occurrence, {
      participant: { membership_ids: [guest.membership.id] },
      apply_to: 'this',
    });
    const names = async (id: string) =>
      (await p.page(w.admin.session, id)).participants.map((x) => [x.membership.id, x.status]);
    expect(await names(occurrence)).toHaveLength(3);
    expect(await names(later)).toHaveLength(2);
    expect((await p.detail(guest.session, occurrence)).my_invite?.status).toBe('open');
    expect((await p.detail(guest.session, later)).my_participant).toBeNull();
    // Taken off one occurrence, on for the others.
    const otherRow = (await p.page(w.admin.session, occurrence, { q: w.other.membership.lastName })).participants[0]!;
    expect((await p.remove(w.admin.session, occurrence, otherRow.id)).json()).toEqual({
      errors: { apply_to: ['required'] },
    });
    expect((await p.remove(w.admin.session, occurrence, otherRow.id, 'this')).statusCode).toBe(204);
    expect((await names(occurrence)).map(([id]) => id)).not.toContain(w.other.membership.id);
    expect((await names(later)).map(([id]) => id)).toContain(w.other.membership.id);
    // The organiser sets one occurrence's status alone, or the series'.
    await p.setStatus(w.admin.session, later, otherRow.id, 'declined', 'this');
    expect((await p.detail(w.other.session, later)).my_participant?.status).toBe('declined');
    expect((await p.detail(w.other.session, series.id)).my_participant?.status).toBe('invited');
    await p.setStatus(w.admin.session, later, otherRow.id, 'accepted', 'all');
    expect((await p.detail(w.other.session, later)).my_participant?.status).toBe('accepted');
    expect((await p.detail(w.other.session, occurrence)).my_participant?.status).toBe('accepted');
  });
});

describe('PUT and DELETE /appointments/{id}/participants/{participantId}', () => {
  it('walk the ladder: 401, 422, 403, 2xx', async () => {
    const appointment = await authorAppointment();
    const invitee = await person('Ivo', 'Invitee');
    await p.add(w.admin.session, appointment.id, { participant: { membership_ids: [invitee.membership.id] } });
    const row = (await p.page(w.admin.session, appointment.id, { q: 'ivo' })).participants[0]!;
    expect((await p.setStatus(null, appointment.id, row.id, 'accepted')).statusCode).toBe(401);
    expect((await p.remove(null, appointment.id, row.id)).statusCode).toBe(401);
    expect((await p.setStatus(w.admin.session, appointment.id, row.id, 'maybe')).statusCode).toBe(422);
    expect((await p.remove(w.admin.session, appointment.id, row.id, 'sometimes' as never)).statusCode).toBe(422);
    expect((await p.setStatus(w.other.session, appointment.id, row.id, 'accepted')).statusCode).toBe(403);
    expect((await p.remove(w.other.session, appointment.id, row.id)).statusCode).toBe(403);
    expect((await p.setStatus(w.admin.session, appointment.id, 'f'.repeat(24), 'accepted')).statusCode).toBe(404);
    expect(await p.calendarsUnread(invitee.session)).toBe(1);
    const updated = await p.setStatus(w.admin.session, appointment.id, row.id, 'accepted');
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Appointment>().attending_participants_count).toBe(2);
    // The invite follows the organiser's change.
    expect(await p.calendarsUnread(invitee.session)).toBe(0);
    expect((await p.detail(invitee.session, appointment.id)).my_invite?.status).toBe('accepted');
    expect((await p.remove(w.admin.session, appointment.id, row.id)).statusCode).toBe(204);
    expect((await p.detail(invitee.session, appointment.id)).my_participant).toBeNull();
    expect((await p.page(w.admin.session, appointment.id)).total).toBe(1);
  });
});
