import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage, MemberAdminDetail, MemberAdminGroups, MemberAdminPage } from '@agora/contracts';
import {
  connectSocket,
  createMember,
  createNetwork,
  createTestApp,
  disconnection,
  listenOnFreePort,
  signedInMember,
  signIn,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let url: string;
let networkId: string;
let admin: Awaited<ReturnType<typeof signedInMember>>;
let groupId: string;

let hosts = 0;
/** Another network beside the test's, on a host of its own (the test's answers on any host only while it is alone). */
const otherNetwork = () => createNetwork(t.services, { host: `other-${++hosts}.example.test` });

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnFreePort(t.app);
  networkId = (await createNetwork(t.services, { name: 'Edit Network' })).id;
  admin = await signedInMember(t.app, t.services, networkId, { admin: true, firstName: 'Anna', lastName: 'Admin' });
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'ops', name: 'Ops', access: 'hidden' },
  ]);
  groupId = group!.id;
  await t.services.networks.setConfig(networkId, { guest_users_allowed: true, membership_roles_enabled: true });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  session: Session = admin.session,
) =>
  t.app.inject({
    method,
    url: path,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const put = (id: string, user: Record<string, unknown>) => call('PUT', `/administration/members/${id}`, { user });

describe('GET and PUT /administration/members/{id}', () => {
  it('shows and edits a member: names, address, external, admin flag and roles', async () => {
    const someone = await createMember(t.services, networkId, { firstName: 'Sam', lastName: 'Someone' });
    const [role] = await t.services.membershipRoles.create(networkId, [
      { name: 'Ersthelfer', pluralName: 'Ersthelfer' },
    ]);
    const shown = await call('GET', `/administration/members/${someone.membership.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<MemberAdminDetail>()).toMatchObject({
      email: someone.user.email,
      email_editable: true,
      options: { guest_users_allowed: true, membership_roles_enabled: true },
    });
    const response = await put(someone.membership.id, {
      first_name: 'Samuel',
      email: 'samuel@example.test',
      is_external: true,
      network_admin: true,
      membership_role_ids: [role!.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberAdminDetail>()).toMatchObject({
      first_name: 'Samuel',
      email: 'samuel@example.test',
      is_external: true,
      network_admin: true,
      membership_role_ids: [role!.id],
    });
  });

  it('refuses what may not change, saving nothing', async () => {
    const someone = await createMember(t.services, networkId, { firstName: 'Rita', lastName: 'Rules' });
    const id = someone.membership.id;
    const expect422 = async (user: Record<string, unknown>, errors: Record<string, string[]>, member = id) => {
      const response = await put(member, user);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual(errors);
    };
    await expect422({ email: admin.user.email }, { email: ['taken'] });
    await expect422({ first_name: '' }, { first_name: ['required'] });
    await expect422({ membership_role_ids: ['ffffffffffffffffffffffff'] }, { membership_role_ids: ['invalid'] });
    await expect422(
      { network_admin: false, locked: true },
      { network_admin: ['own_account'], locked: ['own_account'] },
      admin.membership.id,
    );
    await t.services.networks.setConfig(networkId, { guest_users_allowed: false, membership_roles_enabled: false });
    try {
      await expect422(
        { first_name: 'Changed', is_external: true, membership_role_ids: [] },
        {
          is_external: ['not_allowed'],
          membership_role_ids: ['not_allowed'],
        },
      );
    } finally {
      await t.services.networks.setConfig(networkId, { guest_users_allowed: true, membership_roles_enabled: true });
    }
    expect((await t.services.members.find(networkId, id))?.firstName).toBe('Rita');
    const other = await otherNetwork();
    await t.services.accounts.addMember(
      other,
      { email: someone.user.email, firstName: 'R', lastName: 'R' },
      { actorId: null, via: 'administration' },
    );
    await expect422({ email: 'rita@example.test' }, { email: ['shared_account'] });
  });

  it('answers 404 for unknown, foreign and malformed ids', async () => {
    const foreign = await createMember(t.services, (await otherNetwork()).id);
    for (const id of ['ffffffffffffffffffffffff', foreign.membership.id, 'nope']) {
      expect((await call('GET', `/administration/members/${id}`)).statusCode).toBe(404);
      expect((await put(id, { first_name: 'X' })).statusCode).toBe(404);
    }
  });
});

describe('lock and unlock', () => {
  it("ends a locked member's session and live connection at once; unlocking lets them in again", async () => {
    const locked = await signedInMember(t.app, t.services, networkId, { firstName: 'Lou', lastName: 'Locked' });
    const socket = await connectSocket(url, { cookie: locked.session.cookie });
    const ended = disconnection(socket, 5000);
    const response = await call('POST', `/administration/members/${locked.membership.id}/lock`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberAdminDetail>().locked).toBe(true);
    expect((await t.app.inject({ url: '/api/v1/session', headers: locked.session.headers })).statusCode).not.toBe(200);
    await t.services.events.settled();
    expect(await ended).toBe('io server disconnect');
    await expect(signIn(t.app, locked.user.email)).rejects.toThrow(/401/);
    expect((await call('POST', `/administration/members/${locked.membership.id}/unlock`)).json().locked).toBe(false);
    await expect(signIn(t.app, locked.user.email)).resolves.toBeTruthy();
  });

  it('does not lock oneself', async () => {
    expect((await call('POST', `/administration/members/${admin.membership.id}/lock`)).statusCode).toBe(403);
  });
});

describe('DELETE /administration/members/{id}', () => {
  it('deletes softly: deleted name, no groups, no sign-in, gone from lists, in the audit log', async () => {
    const doomed = await signedInMember(t.app, t.services, networkId, { firstName: 'Dora', lastName: 'Doomed' });
    await t.services.groups.addMembers(networkId, [{ groupId, membershipId: doomed.membership.id, role: 'admin' }]);
    const response = await call('DELETE', `/administration/members/${doomed.membership.id}`);
    expect(response.statusCode, response.body).toBe(204);
    await t.services.events.settled();
    const row = await t.services.members.find(networkId, doomed.membership.id);
    expect(row).toMatchObject({ firstName: 'Deleted member', lastName: '', profile: {} });
    expect(row?.deletedAt).toBeTruthy();
    expect(row?.lockedAt).toBeTruthy();
    await expect(signIn(t.app, doomed.user.email)).rejects.toThrow(/401/);
    expect(await t.services.accounts.exists(doomed.user.email)).toBe(false);
    expect((await call('GET', `/administration/members/${doomed.membership.id}`)).statusCode).toBe(404);
    const list = (await call('GET', '/administration/members?q=dora')).json<MemberAdminPage>();
    expect(list.total).toBe(0);
    const search = await t.app.inject({ url: '/members?q=Deleted', headers: admin.session.headers });
    expect(JSON.stringify(search.json())).not.toContain(doomed.membership.id);
    const log = (await call('GET', '/administration/audit_log')).json<AuditLogPage>();
    const types = log.entries.map((e) => e.event_type);
    expect(types).toContain('MembershipDestroy');
    expect(types).toContain('GroupLeave');
    // The address may become a member again.
    const again = await call('POST', '/administration/members', {
      user: { email: doomed.user.email, first_name: 'Dora', last_name: 'Again', password: 'a-good-password' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("uses the network's anonymized name and keeps an account that is a member elsewhere", async () => {
    const stored = await t.services.networks.get(networkId);
    await t.services.networks.updateSettings(networkId, {
      ...t.services.networks.settings(stored!),
      anonymize_memberships_name: 'Ehemalige Person',
    });
    const doomed = await createMember(t.services, networkId);
    const other = await otherNetwork();
    await t.services.accounts.addMember(
      other,
      { email: doomed.user.email, firstName: 'E', lastName: 'E' },
      { actorId: null, via: 'administration' },
    );
    expect((await call('DELETE', `/administration/members/${doomed.membership.id}`)).statusCode).toBe(204);
    await t.services.events.settled();
    expect((await t.services.members.find(networkId, doomed.membership.id))?.firstName).toBe('Ehemalige Person');
    expect(await t.services.accounts.exists(doomed.user.email)).toBe(true);
  });

  it('does not delete oneself', async () => {
    expect((await call('DELETE', `/administration/members/${admin.membership.id}`)).statusCode).toBe(403);
  });
});

describe('group memberships', () => {
  it("lists, adds with a role, changes the role and removes a member's groups, hidden ones too", async () => {
    const someone = await createMember(t.services, networkId, { firstName: 'Gus', lastName: 'Groups' });
    const path = `/administration/members/${someone.membership.id}/group-memberships`;
    expect((await call('GET', path)).json<MemberAdminGroups>().groups).toEqual([]);
    const added = await call('POST', path, { group_id: groupId, role: 'admin' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<MemberAdminGroups>().groups).toMatchObject([{ id: groupId, role: 'admin', name: 'Ops' }]);
    const changed = await call('POST', path, { group_id: groupId, role: 'member' });
    expect(changed.json<MemberAdminGroups>().groups).toMatchObject([{ id: groupId, role: 'member' }]);
    expect((await call('POST', path, { group_id: 'ffffffffffffffffffffffff' })).statusCode).toBe(404);
    const removed = await call('DELETE', `${path}/${groupId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<MemberAdminGroups>().groups).toEqual([]);
    expect((await call('DELETE', `${path}/${groupId}`)).statusCode).toBe(404);
  });
});
