import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupJoinRequestPage, GroupMemberPage, Unreads, UserbarGroups } from '@agora/contracts';
import type { NewGroup } from './index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

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
    { groupCategoryId: categoryId, slug: `m-group-${++slugs}`, name: `Membership Group ${slugs}`, ...values },
  ]);
  return group!;
}

type Person = Awaited<ReturnType<typeof signedInMember>>;
const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
  signedInMember(t.app, t.services, networkId, options);

/** A group with an admin and a plain member. */
async function groupWithPeople(values: Partial<NewGroup> = {}) {
  const group = await createGroup(values);
  const admin = await person();
  const member = await person();
  await t.services.groups.addMembers(networkId, [
    { groupId: group.id, membershipId: admin.membership.id, role: 'admin' },
    { groupId: group.id, membershipId: member.membership.id },
  ]);
  return { group, admin, member };
}

const call = (method: 'POST' | 'DELETE' | 'GET', url: string, session?: Session, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: session?.headers ?? { accept: 'application/json' },
    ...(payload ? { payload } : {}),
  });

const join = (groupId: string, session?: Session) => call('POST', `/api/v1/groups/${groupId}/join`, session);
const leave = (groupId: string, session?: Session) => call('DELETE', `/api/v1/groups/${groupId}/join`, session);
const groupJson = async (slug: string, session: Session) =>
  (await call('GET', `/api/v1/groups/${slug}`, session)).json<Group>();
const requestsPage = (slug: string, session?: Session) =>
  call('GET', `/groups/${slug}/administration/join_requests`, session);
const unreads = async (session: Session) => (await call('GET', '/api/v1/unreads', session)).json<Unreads>();
const notificationsOf = async (session: Session) =>
  (await call('GET', '/api/v1/notifications', session)).json<{ notifications: Array<{ type: string; text: string }> }>()
    .notifications;

/** The audit log's entries about a member in a group, as a network admin reads them. */
async function auditTypesOf(
  groupId: string,
  membershipId: string,
): Promise<Array<{ type: string; membership: string | null }>> {
  await t.services.events.settled();
  const admin = await person({ admin: true });
  const filter = encodeURIComponent(JSON.stringify({ membership_id: membershipId }));
  const response = await call('GET', `/api/v1/administration/audit_log?filter=${filter}`, admin.session);
  const entries = response.json<{
    entries: Array<{ event_type: string; membership_id: string | null; subject: { id: string } }>;
  }>().entries;
  return entries
    .filter((e) => e.subject.id === groupId)
    .map((e) => ({ type: e.event_type, membership: e.membership_id }));
}

describe('POST /api/v1/groups/{id}/join', () => {
  it('walks the ladder: 401 anonymous, 404 malformed or unknown, then joins an open group at once', async () => {
    const group = await createGroup({ access: 'open' });
    const joiner = await person();
    expect((await join(group.id)).statusCode).toBe(401);
    expect((await join('not-an-id', joiner.session)).statusCode).toBe(404);
    expect((await join('0123456789abcdef01234567', joiner.session)).statusCode).toBe(404);
    expect((await groupJson(group.slug, joiner.session)).member_count).toBe(0);

    const response = await join(group.id, joiner.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: group.id,
      membership_status_of_current_member: 'member',
      i_haz_subscription: true,
      favorited: false,
      member_count: 1,
      can: { join: false, leave: true },
    });
    // Again: nothing changes.
    expect((await join(group.id, joiner.session)).json()).toMatchObject({ member_count: 1 });
    expect(await auditTypesOf(group.id, joiner.membership.id)).toEqual([
      { type: 'GroupJoin', membership: joiner.membership.id },
    ]);
  });

  it('turns into a join request for a moderated or closed group, for its admins to decide', async () => {
    for (const values of [{ access: 'open' as const, moderatedJoin: true }, { access: 'closed' as const }]) {
      const { group, admin } = await groupWithPeople(values);
      const asker = await person();
      const response = await join(group.id, asker.session);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ membership_status_of_current_member: 'in_moderation', member_count: 2 });
      expect((await join(group.id, asker.session)).json()).toMatchObject({
        membership_status_of_current_member: 'in_moderation',
      });
      await t.services.events.settled();
      expect((await unreads(admin.session)).GroupJoinRequests).toEqual([
        { group_id: group.id, group_slug: group.slug, open_join_requests: 1 },
      ]);
      const notices = await notificationsOf(admin.session);
      expect(notices[0]).toMatchObject({ type: 'group_join_requested' });
      expect(notices[0]!.text).toContain(group.name);
    }
  });

  it('is refused for archived groups, external members, and hidden groups (404 for outsiders)', async () => {
    const archived = await createGroup({ archived: true });
    const outsider = await person();
    const archivedAnswer = await join(archived.id, outsider.session);
    expect(archivedAnswer.statusCode).toBe(403);
    expect(archivedAnswer.json()).toEqual({ error: 'group_archived' });

    const visible = await createGroup({ externallyVisible: true });
    const guest = await person({ external: true });
    expect((await join(visible.id, guest.session)).statusCode).toBe(403);

    const hidden = await createGroup({ access: 'hidden' });
    for (const [method, path] of [
      ['POST', 'join'],
      ['DELETE', 'join'],
      ['POST', 'subscribe'],
      ['DELETE', 'subscribe'],
      ['POST', 'favorite'],
      ['DELETE', 'favorite'],
    ] as const) {
      const response = await call(method, `/api/v1/groups/${hidden.id}/${path}`, outsider.session);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
    expect((await requestsPage(hidden.slug, outsider.session)).statusCode).toBe(404);
    expect((await call('GET', `/groups/${hidden.slug}/administration/members`, outsider.session)).statusCode).toBe(404);
    // A network admin sees it, but nobody joins a hidden group without an invitation.
    const admin = await person({ admin: true });
    expect((await join(hidden.id, admin.session)).statusCode).toBe(403);
  });

  it('joins via an invitation whatever the access, hidden groups included', async () => {
    const hidden = await createGroup({ access: 'hidden' });
    const invitee = await person();
    const state = await t.services.groups.join(t.services.members.actorFor(invitee.membership, '', null), hidden.id, {
      via: 'invite',
      inviteId: '0123456789abcdef01234567',
    });
    expect(state).toBe('member');
    expect((await groupJson(hidden.slug, invitee.session)).membership_status_of_current_member).toBe('member');
  });
});

describe('DELETE /api/v1/groups/{id}/join', () => {
  it('leaves the group (no_member), recorded for the audit log', async () => {
    const { group, member } = await groupWithPeople();
    expect((await leave(group.id)).statusCode).toBe(401);
    const response = await leave(group.id, member.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ membership_status_of_current_member: 'no_member', member_count: 1 });
    expect((await leave(group.id, member.session)).statusCode).toBe(200);
    expect(await auditTypesOf(group.id, member.membership.id)).toEqual([
      { type: 'GroupLeave', membership: member.membership.id },
    ]);
  });

  it('keeps the last admin while others remain (422 last_admin), lets them go when alone', async () => {
    const { group, admin, member } = await groupWithPeople();
    const refused = await leave(group.id, admin.session);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['last_admin'] } });
    expect((await groupJson(group.slug, admin.session)).member_count).toBe(2);
    await leave(group.id, member.session);
    expect((await leave(group.id, admin.session)).json()).toMatchObject({ member_count: 0 });
  });

  it('withdraws an open join request', async () => {
    const { group, admin } = await groupWithPeople({ access: 'closed' });
    const asker = await person();
    await join(group.id, asker.session);
    const response = await leave(group.id, asker.session);
    expect(response.json()).toMatchObject({ membership_status_of_current_member: 'no_member' });
    await t.services.events.settled();
    expect((await unreads(admin.session)).GroupJoinRequests).toEqual([]);
    expect((await requestsPage(group.slug, admin.session)).json()).toMatchObject({ total: 0 });
  });
});

describe('subscribing and starring', () => {
  it('toggles the subscription and the star of a member; others get 403', async () => {
    const { group, member } = await groupWithPeople();
    const outsider = await person();
    expect((await call('POST', `/api/v1/groups/${group.id}/subscribe`)).statusCode).toBe(401);
    expect((await call('POST', `/api/v1/groups/${group.id}/subscribe`, outsider.session)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/groups/${group.id}/favorite`, outsider.session)).statusCode).toBe(403);

    const off = await call('DELETE', `/api/v1/groups/${group.id}/subscribe`, member.session);
    expect(off.json()).toMatchObject({ i_haz_subscription: false });
    const on = await call('POST', `/api/v1/groups/${group.id}/subscribe`, member.session);
    expect(on.json()).toMatchObject({ i_haz_subscription: true });

    expect((await call('POST', `/api/v1/groups/${group.id}/favorite`, member.session)).json()).toEqual({
      favorited: true,
    });
    expect((await groupJson(group.slug, member.session)).favorited).toBe(true);
    expect((await call('DELETE', `/api/v1/groups/${group.id}/favorite`, member.session)).json()).toEqual({
      favorited: false,
    });
  });
});

describe('the user bar', () => {
  it("lists the member's favourite groups first in their category", async () => {
    const first = await createGroup({ name: 'Aaa first by name' });
    const starred = await createGroup({ name: 'Zzz starred' });
    const someone = await person();
    await join(first.id, someone.session);
    await join(starred.id, someone.session);
    await call('POST', `/api/v1/groups/${starred.id}/favorite`, someone.session);
    const bar = (await call('GET', '/api/v1/userbar/groups', someone.session)).json<UserbarGroups>();
    const teams = bar.categories.find((c) => c.id === categoryId)!;
    expect(teams.groups.map((g) => [g.id, g.favorited])).toEqual([
      [starred.id, true],
      [first.id, false],
    ]);
  });
});

describe('join requests', () => {
  async function pending(values: Partial<NewGroup> = { access: 'closed' }) {
    const people = await groupWithPeople(values);
    const asker = await person({ email: `asker-${++slugs}@example.test` });
    await join(people.group.id, asker.session);
    const page = (await requestsPage(people.group.slug, people.admin.session)).json<GroupJoinRequestPage>();
    return { ...people, asker, request: page.join_requests[0]! };
  }

  it('are listed for the group admin only (403 for members, 401 anonymous)', async () => {
    const { group, member, asker, request } = await pending();
    expect(request).toMatchObject({ group_id: group.id, status: 'open', member: { id: asker.membership.id } });
    expect((await requestsPage(group.slug)).statusCode).toBe(401);
    expect((await requestsPage(group.slug, member.session)).statusCode).toBe(403);
    const networkAdmin = await person({ admin: true });
    expect((await requestsPage(group.slug, networkAdmin.session)).json()).toMatchObject({ total: 1 });
    expect(
      (await call('GET', `/groups/${group.slug}/administration/join_requests?limit=0`, networkAdmin.session))
        .statusCode,
    ).toBe(422);
  });

  it('accepting makes the member join, tells them by notification and mail, counts fall', async () => {
    const { group, admin, member, asker, request } = await pending();
    const url = `/groups/${group.slug}/administration/join_requests/${request.id}/accept`;
    expect((await call('POST', url)).statusCode).toBe(401);
    expect((await call('POST', url, member.session)).statusCode).toBe(403);
    expect(
      (await call('POST', `/groups/${group.slug}/administration/join_requests/nope/accept`, admin.session)).statusCode,
    ).toBe(404);

    const response = await call('POST', url, admin.session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: request.id, status: 'accepted' });
    expect((await groupJson(group.slug, asker.session)).membership_status_of_current_member).toBe('member');
    const again = await call('POST', url, admin.session);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['already_decided'] } });

    await t.services.events.settled();
    await t.services.jobs.settled();
    expect((await unreads(admin.session)).GroupJoinRequests).toEqual([]);
    expect((await notificationsOf(asker.session))[0]).toMatchObject({ type: 'group_join_request_accepted' });
    const [mail] = await t.services.mailer.outbox(asker.user.email);
    expect(mail!.subject).toContain(group.name);
    expect(mail!.text).toContain(`/groups/${group.slug}`);
    expect(await auditTypesOf(group.id, asker.membership.id)).toEqual([
      { type: 'GroupJoin', membership: asker.membership.id },
    ]);
  });

  it('rejecting sends the message by notification and mail; the member may ask again', async () => {
    const { group, admin, asker, request } = await pending();
    const url = `/groups/${group.slug}/administration/join_requests/${request.id}/reject`;
    const tooLong = await call('POST', url, admin.session, { message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ errors: { message: ['too_long'] }, details: { message: { maximum: 2000 } } });

    const response = await call('POST', url, admin.session, { message: 'Only for the project team, sorry.' });
    expect(response.json()).toMatchObject({ status: 'rejected', message: 'Only for the project team, sorry.' });
    expect((await groupJson(group.slug, asker.session)).membership_status_of_current_member).toBe('no_member');

    await t.services.events.settled();
    await t.services.jobs.settled();
    const [notice] = await notificationsOf(asker.session);
    expect(notice).toMatchObject({ type: 'group_join_request_rejected_with_message' });
    expect(notice!.text).toContain('Only for the project team, sorry.');
    const [mail] = await t.services.mailer.outbox(asker.user.email);
    expect(mail!.text).toContain('Only for the project team, sorry.');
    expect((await join(group.id, asker.session)).json()).toMatchObject({
      membership_status_of_current_member: 'in_moderation',
    });
  });

  it('cannot be decided in an archived group', async () => {
    const { group, admin, request } = await pending();
    await t.database.db.execute(sql`update groups set archived = true where id = ${group.id}`);
    const response = await call(
      'POST',
      `/groups/${group.slug}/administration/join_requests/${request.id}/accept`,
      admin.session,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('the administration of members', () => {
  const membersPage = async (slug: string, session: Session, query = '') =>
    call('GET', `/groups/${slug}/administration/members${query}`, session);

  it('lists admins first with what the admin may do; plain members get 403', async () => {
    const { group, admin, member } = await groupWithPeople();
    expect((await membersPage(group.slug, member.session)).statusCode).toBe(403);
    const page = (await membersPage(group.slug, admin.session)).json<GroupMemberPage>();
    expect(page.total).toBe(2);
    expect(page.admin_count).toBe(1);
    expect(page.members.map((m) => [m.id, m.role, m.can])).toEqual([
      [admin.membership.id, 'admin', { appoint_admin: false, remove_admin: false, remove: false }],
      [member.membership.id, 'member', { appoint_admin: true, remove_admin: false, remove: true }],
    ]);
    const searched = (
      await membersPage(group.slug, admin.session, `?q=${encodeURIComponent(member.membership.lastName)}`)
    ).json<GroupMemberPage>();
    expect(searched.members.map((m) => m.id)).toEqual([member.membership.id]);
  });

  it('appoints and removes admins (audit entries), the last admin stays', async () => {
    const { group, admin, member } = await groupWithPeople();
    const base = `/groups/${group.slug}/administration/members`;
    expect((await call('POST', `${base}/${admin.membership.id}/admin`, member.session)).statusCode).toBe(403);
    const outsider = await person();
    const notInGroup = await call('POST', `${base}/${outsider.membership.id}/admin`, admin.session);
    expect(notInGroup.statusCode).toBe(422);
    expect(notInGroup.json()).toEqual({ errors: { membership_id: ['not_a_member'] } });

    const appointed = await call('POST', `${base}/${member.membership.id}/admin`, admin.session);
    expect(appointed.json()).toEqual({ membership_id: member.membership.id, role: 'admin' });
    expect((await groupJson(group.slug, member.session)).can.update).toBe(true);
    const removed = await call('DELETE', `${base}/${admin.membership.id}/admin`, member.session);
    expect(removed.json()).toEqual({ membership_id: admin.membership.id, role: 'member' });
    const last = await call('DELETE', `${base}/${member.membership.id}/admin`, member.session);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({ errors: { base: ['last_admin'] } });

    expect(await auditTypesOf(group.id, member.membership.id)).toEqual([
      { type: 'GroupAdminPermissionCreate', membership: member.membership.id },
    ]);
    expect(await auditTypesOf(group.id, admin.membership.id)).toEqual([
      { type: 'GroupAdminPermissionDestroy', membership: admin.membership.id },
    ]);
    expect((await notificationsOf(member.session))[0]).toMatchObject({ type: 'group_admin_added' });
  });

  it('removes a member, who is told', async () => {
    const { group, admin, member } = await groupWithPeople();
    const url = `/groups/${group.slug}/administration/members/${member.membership.id}`;
    expect((await call('DELETE', url, member.session)).statusCode).toBe(403);
    expect((await call('DELETE', url, admin.session)).statusCode).toBe(204);
    expect((await groupJson(group.slug, member.session)).membership_status_of_current_member).toBe('no_member');
    expect(await auditTypesOf(group.id, member.membership.id)).toEqual([
      { type: 'GroupLeave', membership: member.membership.id },
    ]);
    expect((await notificationsOf(member.session))[0]).toMatchObject({ type: 'group_member_removed' });
  });
});

describe('membershipStates', () => {
  it('answers each group in a fixed number of queries, invitations from the lookup', async () => {
    const open = await createGroup();
    const closed = await createGroup({ access: 'closed' });
    const invitedTo = await createGroup();
    const other = await createGroup();
    const someone: Person = await person();
    await join(open.id, someone.session);
    await join(closed.id, someone.session);
    const actor = t.services.members.actorFor(someone.membership, '', null);
    t.services.groups.useOpenInviteLookup(
      async (_actor, ids) => new Map(ids.filter((id) => id === invitedTo.id).map((id) => [id, { id: 'invite-1' }])),
    );
    try {
      const states = await t.services.groups.membershipStates(actor, [open.id, closed.id, invitedTo.id, other.id]);
      expect(Object.fromEntries(states)).toEqual({
        [open.id]: 'member',
        [closed.id]: 'in_moderation',
        [invitedTo.id]: 'invited',
        [other.id]: 'no_member',
      });
      expect((await groupJson(invitedTo.slug, someone.session)).invite).toEqual({ id: 'invite-1' });
    } finally {
      t.services.groups.useOpenInviteLookup(async () => new Map());
    }
  });
});
