import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTICIPATION_LIMITS, type Appointment, type NotificationPage } from '@agora/contracts';
import { domainEvents } from '../../../platform/events/tables.ts';
import { createMember } from '../../../testing/index.ts';
import { startMailbox } from '../../../testing/mailbox.ts';
import { appointments } from '../tables.ts';
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

let named = 0;
function person(firstName: string, lastName: string) {
  named += 1;
  return member(t, w.network.id, { firstName, lastName, email: `invited-${named}@example.test` });
}

async function notificationsOf(m: Member): Promise<NotificationPage> {
  await t.services.events.settled();
  const response = await t.app.inject({ url: '/api/v1/notifications', headers: m.session.headers });
  return response.json<NotificationPage>();
}

/** The stored appointments of this name (a refused save leaves none). */
async function stored(name: string) {
  return t.database.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.name, name));
}

async function eventsOf(appointmentId: string) {
  const rows = await t.database.db
    .select({ type: domainEvents.type, actorId: domainEvents.actorId, changes: domainEvents.changes })
    .from(domainEvents)
    .where(and(eq(domainEvents.subjectType, 'appointment'), eq(domainEvents.subjectId, appointmentId)))
    .orderBy(domainEvents.id);
  return rows;
}

describe('POST /appointments with an invitation', () => {
  it('invites members, the members of groups and of roles: invites, the event, notifications and mails as adding participants does', async () => {
    const colleague = await person('Clara', 'Colleague');
    const grouped = await person('Gustav', 'Grouped');
    const holder = await person('Rita', 'Role');
    const { group } = await groupWithCalendar(t.services, w.network.id, { admins: [grouped] });
    const [role] = await t.services.membershipRoles.create(w.network.id, [
      { name: 'Fire warden', pluralName: 'Fire wardens', displayType: 'default' },
    ]);
    await t.services.membershipRoles.assign(w.network.id, [{ roleId: role!.id, membershipId: holder.membership.id }]);

    const response = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Kick-off' }),
      invitation: {
        membership_ids: [colleague.membership.id],
        group_ids: [group.id],
        membership_role_ids: [role!.id],
        send_email_notification: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Appointment>();

    const page = await p.page(w.admin.session, created.id);
    expect(page.counts).toEqual({ accepted: 1, declined: 0, invited: 3 });
    const invited = page.participants.filter((x) => x.status === 'invited').map((x) => x.membership.name);
    expect(invited.sort()).toEqual(['Clara Colleague', 'Gustav Grouped', 'Rita Role']);
    // Its author organises it, as without an invitation.
    expect(page.participants.find((x) => x.membership.id === w.admin.membership.id)?.roles).toEqual([
      { id: null, name: 'organizer', display_type: 'default' },
    ]);
    const detail = await p.detail(colleague.session, created.id);
    expect(detail.my_invite?.status).toBe('open');
    expect(await p.calendarsUnread(colleague.session)).toBe(1);

    // Both writes recorded their events, in order, by the author.
    const events = await eventsOf(created.id);
    expect(events.map((e) => e.type)).toEqual(['appointment.created', 'appointment.participants_added']);
    expect(events[1]!.actorId).toBe(w.admin.membership.id);
    expect((events[1]!.changes as { invitees: string[] }).invitees.sort()).toEqual(
      [colleague.membership.id, grouped.membership.id, holder.membership.id].sort(),
    );

    for (const m of [colleague, grouped, holder]) {
      expect((await notificationsOf(m)).notifications[0]).toMatchObject({
        type: 'appointment_invite',
        subject: { type: 'appointment', id: created.id, title: 'Kick-off', path: `/appointments/${created.id}` },
        actor: { id: w.admin.membership.id },
      });
    }
    await t.services.jobs.settled();
    const mail = await mailbox.waitFor(colleague.user.email);
    expect(mail.subject).toBe('Invitation: Kick-off');
    expect(mail.text).toContain(`/appointments/${created.id}`);
  });

  it('sends no mail unless asked, and an empty invitation invites nobody', async () => {
    const quiet = await person('Quentin', 'Quiet');
    const response = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Quiet one' }),
      invitation: { membership_ids: [quiet.membership.id] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<Appointment>().id;
    expect((await notificationsOf(quiet)).notifications[0]).toMatchObject({ type: 'appointment_invite' });
    expect((await eventsOf(id))[1]!.changes).toMatchObject({ send_email: false });

    const empty = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Nobody asked' }),
      invitation: {},
    });
    expect(empty.statusCode, empty.body).toBe(201);
    const emptyId = empty.json<Appointment>().id;
    expect((await eventsOf(emptyId)).map((e) => e.type)).toEqual(['appointment.created']);
    expect((await p.page(w.admin.session, emptyId)).total).toBe(1);
  });

  it(`invites the members of a group of more than ${PARTICIPATION_LIMITS.inlineAddMax} by the job stored with the appointment`, async () => {
    const count = PARTICIPATION_LIMITS.inlineAddMax + 20;
    const created = await t.services.members.createMany(
      Array.from({ length: count }, (_, i) => ({
        networkId: w.network.id,
        userId: `invitation-bulk-${i}`,
        firstName: 'Bulk',
        lastName: `Invitee ${String(i).padStart(4, '0')}`,
      })),
    );
    const { group } = await groupWithCalendar(t.services, w.network.id, { admins: [w.other] });
    await t.services.groups.addMembers(
      w.network.id,
      created.map((m) => ({ groupId: group.id, membershipId: m.id })),
    );
    const response = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'All hands' }),
      invitation: { group_ids: [group.id] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<Appointment>().id;
    await t.services.jobs.settled(30_000);
    const page = await p.page(w.admin.session, id, { limit: '1' });
    // The organiser, the group's admin and its bulk members.
    expect(page.counts).toEqual({ accepted: 1, declined: 0, invited: count + 1 });
    expect((await notificationsOf(w.other)).notifications[0]).toMatchObject({
      type: 'appointment_invite',
      subject: { id, title: 'All hands' },
    });
  });

  it('answers 422 with the invitation’s field keys for unknown ids, and creates nothing', async () => {
    const unknown = 'f'.repeat(24);
    const response = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Unknown invitees' }),
      invitation: { membership_ids: [unknown], group_ids: [unknown], membership_role_ids: [unknown] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: {
        'invitation.membership_ids': ['invalid'],
        'invitation.group_ids': ['invalid'],
        'invitation.membership_role_ids': ['invalid'],
      },
    });
    const malformed = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Unknown invitees' }),
      invitation: { membership_ids: ['not-an-id'] },
    });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json<{ errors: object }>().errors)).toEqual(['invitation.membership_ids.0']);
    expect(await stored('Unknown invitees')).toEqual([]);
  });

  it('refuses what adding participants refuses: hidden groups, consumers unless invited; nothing is created', async () => {
    const insider = await person('Ida', 'Insider');
    const { group: hidden } = await groupWithCalendar(t.services, w.network.id, {
      admins: [insider],
      access: 'hidden',
    });
    const consumer = await createMember(t.services, w.network.id, {
      consumer: true,
      firstName: 'Conny',
      lastName: 'Consumer',
    });
    // A network administrator sees every group; a member does not see hidden groups they are not in.
    const hiddenGroup = await api.create(w.author.session, {
      ...appointmentBody([w.authorCalendar], { name: 'Refused' }),
      invitation: { group_ids: [hidden.id] },
    });
    expect(hiddenGroup.json()).toEqual({ errors: { 'invitation.group_ids': ['invalid'] } });
    const consumerByName = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Refused' }),
      invitation: { membership_ids: [consumer.membership.id] },
    });
    expect(consumerByName.json()).toEqual({ errors: { 'invitation.membership_ids': ['invalid'] } });
    expect(await stored('Refused')).toEqual([]);

    // With the appointment inviting consumers, the consumer is invited.
    const open = await api.create(w.admin.session, {
      ...appointmentBody([w.networkCalendar], { name: 'Open to consumers', invite_consumers: true }),
      invitation: { membership_ids: [consumer.membership.id] },
    });
    expect(open.statusCode, open.body).toBe(201);
    expect(open.json<Appointment>().invited_consumers.map((c) => c.id)).toEqual([consumer.membership.id]);
  });

  it('refuses a member who may not put an appointment there (403), and nobody is invited', async () => {
    // The other member's personal calendar is shared with the author to read, not to add to.
    const response = await api.create(w.author.session, {
      ...appointmentBody([w.otherCalendar], { name: 'Not mine to plan' }),
      invitation: { membership_ids: [w.admin.membership.id], send_email_notification: true },
    });
    expect(response.statusCode).toBe(403);
    expect(await stored('Not mine to plan')).toEqual([]);
    expect((await notificationsOf(w.admin)).notifications.map((n) => n.subject?.title)).not.toContain(
      'Not mine to plan',
    );
  });

  it('takes no invitation when saving an existing appointment: its participants page invites', async () => {
    const created = await api.create(w.admin.session, appointmentBody([w.networkCalendar], { name: 'Saved' }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Appointment>().id;
    const response = await api.update(w.admin.session, id, {
      ...appointmentBody([w.networkCalendar], { name: 'Saved again' }),
      invitation: { membership_ids: [w.other.membership.id] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { invitation: ['invitation_on_create_only'] } });
    expect((await p.detail(w.admin.session, id)).name).toBe('Saved');
  });
});
