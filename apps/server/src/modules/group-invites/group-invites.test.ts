import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GroupInvite, SentGroupInvitesPage } from '@agora/contracts';
import type { NewGroup } from '../groups/index.ts';
import { statementsDuring } from '../../testing/statements.ts';
import {
  collectEvents,
  connectSocket,
  createMember,
  createNetwork,
  createTestApp,
  listenOnFreePort,
  signedInMember,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
});
afterAll(() => t.close());

let slugs = 0;
async function createGroup(values: Partial<NewGroup> = {}) {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `invite-group-${++slugs}`, name: `Invite group ${slugs}`, ...values },
  ]);
  return group!;
}

/** A group with an admin and a plain member, both signed in. */
async function groupWithPeople(values: Partial<NewGroup> = {}) {
  const group = await createGroup(values);
  const admin = await signedInMember(t.app, t.services, networkId);
  const member = await signedInMember(t.app, t.services, networkId);
  await t.services.groups.addMembers(networkId, [
    { groupId: group.id, membershipId: admin.membership.id, role: 'admin' },
    { groupId: group.id, membershipId: member.membership.id },
  ]);
  return { group, admin, member };
}

const invite = (
  prefix: string,
  headers: Record<string, string>,
  body: { membership_ids?: string[]; group_ids?: string[]; additional_message?: string },
) =>
  t.app.inject({ method: 'POST', url: `${prefix}/membership_invites`, headers, payload: { membership_invites: body } });

const inbox = async (session: Session) => {
  const response = await t.app.inject({
    url: '/api/v1/invites?filter=groups&status=open&limit=50',
    headers: session.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: GroupInvite[] }>().items;
};

const answer = (session: Session, id: string, verb: 'accept' | 'reject') =>
  t.app.inject({ method: 'POST', url: `/api/v1/invites/${id}/${verb}`, headers: session.headers });

const unreads = async (session: Session) =>
  (await t.app.inject({ url: '/api/v1/unreads', headers: session.headers })).json<{
    GroupInvites: number;
    Invites: number;
  }>();

const sent = async (url: string, session: Session) => t.app.inject({ url, headers: session.headers });

describe('POST /groups/{slug}/membership_invites', () => {
  it('walks the ladder: 401, 422, 404 for a hidden group, 403, then 200', async () => {
    const { group, admin, member } = await groupWithPeople({ membersCanInvite: false });
    const hidden = await createGroup({ access: 'hidden' });
    const invitee = await signedInMember(t.app, t.services, networkId);
    const outsider = await signedInMember(t.app, t.services, networkId);
    const prefix = `/groups/${group.slug}`;

    const anonymous = await invite(prefix, { accept: 'application/json' }, { membership_ids: [invitee.membership.id] });
    expect(anonymous.statusCode).toBe(401);

    const empty = await invite(prefix, admin.session.headers, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: { base: ['member_or_group_required'] } });
    const badId = await invite(prefix, admin.session.headers, { membership_ids: ['nope'] });
    expect(badId.statusCode).toBe(422);

    const toHidden = await invite(`/groups/${hidden.slug}`, outsider.session.headers, {
      membership_ids: [invitee.membership.id],
    });
    expect(toHidden.statusCode).toBe(404);
    // An empty body gives the same 404: nothing tells the outsider the group exists.
    expect((await invite(`/groups/${hidden.slug}`, outsider.session.headers, {})).statusCode).toBe(404);

    // Members may not invite where members_can_invite is off.
    const byMember = await invite(prefix, member.session.headers, { membership_ids: [invitee.membership.id] });
    expect(byMember.statusCode).toBe(403);
    expect(await inbox(invitee.session)).toEqual([]);

    const byAdmin = await invite(prefix, admin.session.headers, {
      membership_ids: [invitee.membership.id],
      additional_message: 'Welcome aboard',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ message: 'invites_created', invited: 1, skipped: 0 });

    const [item] = await inbox(invitee.session);
    expect(item).toMatchObject({
      type: 'group_invite',
      status: 'open',
      additional_message: 'Welcome aboard',
      invitable: { id: group.id, name: group.name, slug: group.slug, path: `/groups/${group.slug}`, image: null },
      author: { id: admin.membership.id },
      can: { accept: true, reject: true },
    });
  });

  it('lets members invite when the group allows it, and skips members and those invited already', async () => {
    const { group, admin, member } = await groupWithPeople({ membersCanInvite: true });
    const fresh = await signedInMember(t.app, t.services, networkId);
    const prefix = `/groups/${group.slug}`;
    const first = await invite(prefix, member.session.headers, { membership_ids: [fresh.membership.id] });
    expect(first.json()).toMatchObject({ invited: 1, skipped: 0 });
    // Again, with a member of the group and the inviter: nobody new.
    const again = await invite(prefix, member.session.headers, {
      membership_ids: [fresh.membership.id, admin.membership.id, member.membership.id],
    });
    expect(again.json()).toMatchObject({ invited: 0, skipped: 3 });
    expect(await inbox(fresh.session)).toHaveLength(1);
  });

  it('invites the members of the groups picked', async () => {
    const { group, admin } = await groupWithPeople();
    const source = await createGroup();
    const a = await signedInMember(t.app, t.services, networkId);
    const b = await createMember(t.services, networkId);
    await t.services.groups.addMembers(networkId, [
      { groupId: source.id, membershipId: a.membership.id },
      { groupId: source.id, membershipId: b.membership.id },
      { groupId: source.id, membershipId: admin.membership.id },
    ]);
    const response = await invite(`/groups/${group.slug}`, admin.session.headers, { group_ids: [source.id] });
    expect(response.json()).toMatchObject({ invited: 2, skipped: 1 });
    expect(await inbox(a.session)).toHaveLength(1);
  });

  it('refuses unknown, locked and consumer members with 422 and writes nothing', async () => {
    const { group, admin } = await groupWithPeople();
    const locked = await createMember(t.services, networkId, { locked: true });
    const fine = await createMember(t.services, networkId);
    const response = await invite(`/groups/${group.slug}`, admin.session.headers, {
      membership_ids: [fine.membership.id, locked.membership.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { membership_ids: ['member_unknown'] } });
    const list = await sent(`/groups/${group.slug}/invites/sent`, admin.session);
    expect(list.json<SentGroupInvitesPage>().total).toBe(0);
  });
});

describe('POST /membership_invites (network) and /group-categories/{id}/membership_invites', () => {
  it('needs the groups to invite to, each one the inviter may invite to', async () => {
    const { group, admin } = await groupWithPeople({ membersCanInvite: false });
    const other = await createGroup({ membersCanInvite: false });
    const invitee = await signedInMember(t.app, t.services, networkId);

    const noGroups = await invite('', admin.session.headers, { membership_ids: [invitee.membership.id] });
    expect(noGroups.json()).toEqual({ errors: { group_ids: ['group_required'] } });
    const nothing = await invite('', admin.session.headers, {});
    expect(nothing.json()).toEqual({ errors: { base: ['member_or_group_required'] } });
    const notTheirs = await invite('', admin.session.headers, {
      membership_ids: [invitee.membership.id],
      group_ids: [group.id, other.id],
    });
    expect(notTheirs.json()).toEqual({ errors: { group_ids: ['group_not_invitable'] } });

    const ok = await invite(`/group-categories/${categoryId}`, admin.session.headers, {
      membership_ids: [invitee.membership.id],
      group_ids: [group.id],
    });
    expect(ok.json()).toMatchObject({ invited: 1 });
    const unknownCategory = await invite('/group-categories/0123456789abcdef01234567', admin.session.headers, {
      membership_ids: [invitee.membership.id],
      group_ids: [group.id],
    });
    expect(unknownCategory.statusCode).toBe(404);
  });

  it('lets a network admin invite to several groups at once', async () => {
    const admin = await signedInMember(t.app, t.services, networkId, { admin: true });
    const one = await createGroup();
    const two = await createGroup({ access: 'hidden' });
    const invitee = await signedInMember(t.app, t.services, networkId);
    const response = await invite('', admin.session.headers, {
      membership_ids: [invitee.membership.id],
      group_ids: [one.id, two.id],
    });
    expect(response.json()).toMatchObject({ invited: 2, skipped: 0 });
    // The invitation shows its hidden group to the invitee.
    expect((await inbox(invitee.session)).map((i) => i.invitable.id).sort()).toEqual([one.id, two.id].sort());
  });
});

describe('answering a group invitation', () => {
  it('accepting joins the group, counts fall, notifications and mails went out', async () => {
    const { group, admin } = await groupWithPeople({ access: 'closed' });
    const invitee = await signedInMember(t.app, t.services, networkId, { email: `invitee-${Date.now()}@example.test` });
    await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });
    await t.services.events.settled();
    expect(await unreads(invitee.session)).toMatchObject({ GroupInvites: 1, Invites: 1 });
    const notifications = await t.app.inject({ url: '/api/v1/notifications', headers: invitee.session.headers });
    expect(JSON.stringify(notifications.json())).toContain(group.name);
    // The mail worker sends it a moment later (into the outbox, without SMTP).
    await vi.waitFor(
      async () =>
        expect((await t.services.mailer.outbox(invitee.user.email)).map((m) => m.subject).join()).toContain(group.name),
      { timeout: 10_000, interval: 100 },
    );

    const [item] = await inbox(invitee.session);
    const accepted = await answer(invitee.session, item!.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: item!.id, status: 'accepted', can: { accept: false } });
    await t.services.events.settled();

    const page = await t.app.inject({ url: `/api/v1/groups/${group.slug}`, headers: invitee.session.headers });
    expect(page.json()).toMatchObject({ membership_status_of_current_member: 'member' });
    expect(await inbox(invitee.session)).toEqual([]);
    expect(await unreads(invitee.session)).toMatchObject({ GroupInvites: 0, Invites: 0 });
    // Answered already: 422.
    expect((await answer(invitee.session, item!.id, 'reject')).statusCode).toBe(422);
  });

  it('counts the open invites once for the badge and the inbox total, and reads the groups once', async () => {
    const { group, admin } = await groupWithPeople({ access: 'closed' });
    const invitee = await signedInMember(t.app, t.services, networkId);
    await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });
    await t.services.events.settled();
    let counts: Awaited<ReturnType<typeof unreads>> | undefined;
    const statements = await statementsDuring(t.database, async () => {
      counts = await unreads(invitee.session);
    });
    expect(counts).toMatchObject({ GroupInvites: 1, Invites: 1, Calendars: 0 });
    const times = (pattern: RegExp) => statements.filter((text) => pattern.test(text)).length;
    expect(times(/from "group_invites"/)).toBe(1);
    expect(times(/from "appointment_invites"/)).toBe(1);
    // The activities' and the files' counters both need the groups whose content the member reads.
    expect(times(/from "groups" inner join "group_categories"/)).toBe(1);
  });

  it('declining answers without joining; another member cannot answer it', async () => {
    const { group, admin } = await groupWithPeople();
    const invitee = await signedInMember(t.app, t.services, networkId);
    const stranger = await signedInMember(t.app, t.services, networkId);
    await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });
    const [item] = await inbox(invitee.session);
    expect((await answer(stranger.session, item!.id, 'accept')).statusCode).toBe(404);
    const declined = await answer(invitee.session, item!.id, 'reject');
    expect(declined.json()).toMatchObject({ status: 'declined' });
    const page = await t.app.inject({ url: `/api/v1/groups/${group.slug}`, headers: invitee.session.headers });
    expect(page.json()).toMatchObject({ membership_status_of_current_member: 'no_member' });
  });

  it('joining another way settles the open invitation as joined', async () => {
    const { group, admin } = await groupWithPeople({ access: 'open' });
    const invitee = await signedInMember(t.app, t.services, networkId);
    await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });
    const [item] = await inbox(invitee.session);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${group.id}/join`,
      headers: invitee.session.headers,
    });
    expect(joined.statusCode).toBeLessThan(300);
    await t.services.events.settled();
    const list = (await sent(`/groups/${group.slug}/invites/sent`, admin.session)).json<SentGroupInvitesPage>();
    expect(list.items.find((i) => i.id === item!.id)?.status).toBe('joined');
  });
});

describe('sent invites and batch actions', () => {
  it('lists the sent invites for those who may invite, 404 for outsiders of a hidden group', async () => {
    const { group, admin, member } = await groupWithPeople({ access: 'hidden', membersCanInvite: false });
    const invitee = await signedInMember(t.app, t.services, networkId);
    const outsider = await signedInMember(t.app, t.services, networkId);
    await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });

    expect(
      (await t.app.inject({ url: `/groups/${group.slug}/invites/sent`, headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(401);
    expect((await sent(`/groups/${group.slug}/invites/sent?page=0`, admin.session)).statusCode).toBe(422);
    expect((await sent(`/groups/${group.slug}/invites/sent`, outsider.session)).statusCode).toBe(404);
    expect((await sent(`/groups/${group.slug}/invites/sent`, member.session)).statusCode).toBe(403);

    const page = (await sent(`/groups/${group.slug}/invites/sent`, admin.session)).json<SentGroupInvitesPage>();
    expect(page).toMatchObject({ page: 1, per: 25, total: 1 });
    expect(page.items[0]).toMatchObject({
      invitee: { id: invitee.membership.id },
      author: { id: admin.membership.id },
      invitable: { id: group.id },
      status: 'open',
      can: { renew: true, revoke: true },
    });
    const own = (await sent('/invites/sent', admin.session)).json<SentGroupInvitesPage>();
    expect(own.items.map((i) => i.id)).toEqual([page.items[0]!.id]);
    expect((await sent('/invites/sent', outsider.session)).json<SentGroupInvitesPage>().total).toBe(0);

    // The outsider cannot act on it either: 404, nothing changed.
    const revokeByOutsider = await t.app.inject({
      method: 'POST',
      url: '/batch_invites/revoke',
      headers: outsider.session.headers,
      payload: { invite_ids: [page.items[0]!.id] },
    });
    expect(revokeByOutsider.statusCode).toBe(404);
  });

  it('revokes only open invites and renews none that is accepted, obsolete or joined', async () => {
    const { group, admin } = await groupWithPeople();
    const people = await Promise.all([1, 2, 3].map(() => signedInMember(t.app, t.services, networkId)));
    await invite(`/groups/${group.slug}`, admin.session.headers, {
      membership_ids: people.map((p) => p.membership.id),
    });
    const ids = await Promise.all(people.map(async (p) => (await inbox(p.session))[0]!.id));
    await answer(people[0]!.session, ids[0]!, 'accept');
    await answer(people[1]!.session, ids[1]!, 'reject');

    const batch = (action: 'renew' | 'revoke', inviteIds: string[], extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/batch_invites/${action}`,
        headers: admin.session.headers,
        payload: { invite_ids: inviteIds, ...extra },
      });

    expect((await batch('revoke', [])).statusCode).toBe(422);
    const notRevokable = await batch('revoke', [ids[1]!, ids[2]!]);
    expect(notRevokable.statusCode).toBe(422);
    expect(notRevokable.json()).toEqual({ errors: { invite_ids: ['not_revokable'] } });
    const notRenewable = await batch('renew', [ids[0]!, ids[2]!]);
    expect(notRenewable.json()).toEqual({ errors: { invite_ids: ['not_renewable'] } });

    // Renewing the declined and the open one: both open again, reminded.
    const renewed = await batch('renew', [ids[1]!, ids[2]!], { additional_message: 'Reminder' });
    expect(renewed.json()).toEqual({ message: 'success_flash', count: 2 });
    const [again] = await inbox(people[1]!.session);
    expect(again).toMatchObject({ id: ids[1], status: 'open', additional_message: 'Reminder' });
    await t.services.events.settled();
    const notifications = await t.app.inject({ url: '/api/v1/notifications', headers: people[1]!.session.headers });
    // The invitation and the reminder.
    expect(notifications.json<{ total: number }>().total).toBe(2);

    const revoked = await batch('revoke', [ids[1]!, ids[2]!]);
    expect(revoked.json()).toEqual({ message: 'success_flash', count: 2 });
    expect(await inbox(people[2]!.session)).toEqual([]);
    const list = (await sent(`/groups/${group.slug}/invites/sent`, admin.session)).json<SentGroupInvitesPage>();
    expect(Object.fromEntries(list.items.map((i) => [i.id, i.status]))).toEqual({
      [ids[0]!]: 'accepted',
      [ids[1]!]: 'obsolete',
      [ids[2]!]: 'obsolete',
    });
    expect(list.items.every((i) => !i.can.revoke && !i.can.renew)).toBe(true);
  });
});

describe('who may invite, and to what', () => {
  it('keeps members from inviting where invitations are restricted to the admins', async () => {
    const { group, admin, member } = await groupWithPeople({ membersCanInvite: true });
    await t.database.db.execute(sql`update groups set invites_restricted = true where id = ${group.id}`);
    const invitee = await createMember(t.services, networkId);
    const byMember = await invite(`/groups/${group.slug}`, member.session.headers, {
      membership_ids: [invitee.membership.id],
    });
    expect(byMember.statusCode).toBe(403);
    const byAdmin = await invite(`/groups/${group.slug}`, admin.session.headers, {
      membership_ids: [invitee.membership.id],
    });
    expect(byAdmin.json()).toMatchObject({ invited: 1 });
  });

  it('leaves guests out of groups not shown to externals', async () => {
    const { group, admin } = await groupWithPeople();
    const shown = await createGroup({ externallyVisible: true });
    await t.services.groups.addMembers(networkId, [
      { groupId: shown.id, membershipId: admin.membership.id, role: 'admin' },
    ]);
    const guest = await signedInMember(t.app, t.services, networkId, { external: true });
    const hidden = await invite(`/groups/${group.slug}`, admin.session.headers, {
      membership_ids: [guest.membership.id],
    });
    expect(hidden.json()).toMatchObject({ invited: 0, skipped: 1 });
    const visible = await invite(`/groups/${shown.slug}`, admin.session.headers, {
      membership_ids: [guest.membership.id],
    });
    expect(visible.json()).toMatchObject({ invited: 1 });
    expect((await inbox(guest.session)).map((i) => i.invitable.id)).toEqual([shown.id]);
  });

  it("shows the invitation on the group's JSON and as the invited state", async () => {
    const { group, admin } = await groupWithPeople({ access: 'closed' });
    const invitee = await signedInMember(t.app, t.services, networkId);
    await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });
    const [item] = await inbox(invitee.session);
    const page = await t.app.inject({ url: `/api/v1/groups/${group.slug}`, headers: invitee.session.headers });
    expect(page.json()).toMatchObject({ membership_status_of_current_member: 'invited', invite: { id: item!.id } });
  });
});

describe('live counts and deleted groups', () => {
  it('pushes the new counts to the invitee, and a deleted group makes its invitations obsolete', async () => {
    const { group, admin } = await groupWithPeople();
    const networkAdmin = await signedInMember(t.app, t.services, networkId, { admin: true });
    const invitee = await signedInMember(t.app, t.services, networkId);
    const socket = await connectSocket(await listenOnFreePort(t.app), { cookie: invitee.session.cookie });
    try {
      const pushed = collectEvents<{ GroupInvites?: number; Invites?: number }>(socket, 'unreads:changed');
      const counts = () => pushed.filter((p) => p.GroupInvites !== undefined);
      await invite(`/groups/${group.slug}`, admin.session.headers, { membership_ids: [invitee.membership.id] });
      await t.services.events.settled();
      await vi.waitFor(() => expect(counts().at(-1)).toEqual({ GroupInvites: 1, Invites: 1 }));

      const destroyed = await t.app.inject({
        method: 'DELETE',
        url: `/groups/${group.slug}`,
        headers: networkAdmin.session.headers,
      });
      expect(destroyed.statusCode).toBeLessThan(300);
      await t.services.events.settled();
      await vi.waitFor(() => expect(counts().at(-1)).toEqual({ GroupInvites: 0, Invites: 0 }));
      expect(await inbox(invitee.session)).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("a category's admin", () => {
  it('invites to the groups of the category and acts on their invitations', async () => {
    const group = await createGroup({ membersCanInvite: false });
    const categoryAdmin = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addCategoryAdmins(networkId, [
      { groupCategoryId: categoryId, membershipId: categoryAdmin.membership.id },
    ]);
    const invitee = await signedInMember(t.app, t.services, networkId);
    const invited = await invite(`/group-categories/${categoryId}`, categoryAdmin.session.headers, {
      membership_ids: [invitee.membership.id],
      group_ids: [group.id],
    });
    expect(invited.json()).toMatchObject({ invited: 1 });
    const page = (await sent(`/groups/${group.slug}/invites/sent`, categoryAdmin.session)).json<SentGroupInvitesPage>();
    expect(page.items[0]).toMatchObject({ can: { renew: true, revoke: true } });
  });
});
