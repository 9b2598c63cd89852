import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipRole } from '@agora/contracts';
import { domainEvents } from '../../platform/events/tables.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Awaited<ReturnType<typeof signedInMember>>;
let member: Awaited<ReturnType<typeof signedInMember>>;
let groupAdmin: Awaited<ReturnType<typeof signedInMember>>;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp();
  const network = await createNetwork(t.services);
  networkId = network.id;
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
  member = await signedInMember(t.app, t.services, networkId);
  groupAdmin = await signedInMember(t.app, t.services, networkId);
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'werkstatt', name: 'Werkstatt' },
  ]);
  groupId = group!.id;
  await t.services.groups.addMembers(networkId, [
    { groupId, membershipId: groupAdmin.membership.id, role: 'admin' },
    { groupId, membershipId: member.membership.id },
  ]);
});
afterAll(() => t.close());

const NETWORK = '/administration/membership_roles';
const GROUP = '/groups/werkstatt/administration/membership_roles';

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: session?.headers ?? { accept: 'application/json' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const role = (name: string, extra: Record<string, unknown> = {}) => ({
  membership_role: { name, plural_name: `${name}s`, ...extra },
});

async function created(url: string, session: Session, name: string, extra: Record<string, unknown> = {}) {
  const response = await call('POST', url, session, role(name, extra));
  if (response.statusCode !== 201) throw new Error(`role: ${response.statusCode} ${response.body}`);
  return response.json<MembershipRole>();
}

const eventsOf = (subjectId: string) =>
  t.database.db
    .select({ type: domainEvents.type, actorId: domainEvents.actorId })
    .from(domainEvents)
    .where(and(eq(domainEvents.networkId, networkId), eq(domainEvents.subjectId, subjectId)))
    .orderBy(domainEvents.id);

describe('the network membership roles', () => {
  it('walks the ladder: 401, 403, 422, 201', async () => {
    expect((await call('GET', NETWORK, null)).statusCode).toBe(401);
    expect((await call('POST', NETWORK, null, role('Sprecher'))).statusCode).toBe(401);
    expect((await call('GET', NETWORK, member.session)).statusCode).toBe(403);
    expect((await call('POST', NETWORK, groupAdmin.session, role('Sprecher'))).statusCode).toBe(403);
    const missing = await call('POST', NETWORK, admin.session, { membership_role: { name: ' ', plural_name: '' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { name: ['required'], plural_name: ['required'] } });
    const long = await call('POST', NETWORK, admin.session, role('x'.repeat(101)));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { name: ['too_long'] }, details: { name: { maximum: 100 } } });
    const badColour = await call('POST', NETWORK, admin.session, role('Sprecher', { color: 'red', display_type: 'x' }));
    expect(badColour.statusCode).toBe(422);
    expect(badColour.json().errors).toMatchObject({ color: ['invalid'], display_type: expect.any(Array) });

    const response = await call('POST', NETWORK, admin.session, role(' Ersthelfer:in ', { slug: 'mine' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      slug: 'ersthelfer-in',
      name: 'Ersthelfer:in',
      plural_name: 'Ersthelfer:in s',
      color: '#000000',
      text_color: null,
      display_type: 'default',
      group_id: null,
      holder_count: 0,
      can: { update: true, destroy: true },
    });
    expect(await eventsOf(response.json<MembershipRole>().id)).toEqual([
      { type: 'membership_role.created', actorId: admin.membership.id },
    ]);
  });

  it('gives a second role of the same name the next slug, and keeps the slug when renamed', async () => {
    const first = await created(NETWORK, admin.session, 'Betriebsrat', { color: '#c92a2a', text_color: '#ffffff' });
    const second = await created(NETWORK, admin.session, 'Betriebsrat');
    const third = await created(NETWORK, admin.session, 'Betriebsrat');
    expect([first.slug, second.slug, third.slug]).toEqual(['betriebsrat', 'betriebsrat-2', 'betriebsrat-3']);

    const renamed = await call('PUT', `${NETWORK}/${second.id}`, admin.session, {
      membership_role: {
        name: 'Jugendvertretung',
        plural_name: 'Jugendvertretungen',
        display_type: 'grouped',
        slug: 'x',
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      slug: 'betriebsrat-2',
      name: 'Jugendvertretung',
      display_type: 'grouped',
      color: '#000000',
    });
    expect((await call('PUT', `${NETWORK}/${second.id}`, member.session, role('X'))).statusCode).toBe(403);
    expect((await call('PUT', `${NETWORK}/${second.id}`, admin.session, role(''))).statusCode).toBe(422);
    expect((await call('PUT', `${NETWORK}/${'f'.repeat(24)}`, admin.session, role('X'))).statusCode).toBe(404);
    expect((await call('PUT', `${NETWORK}/not-an-id`, admin.session, role('X'))).statusCode).toBe(404);
    expect((await eventsOf(second.id)).map((e) => e.type)).toEqual([
      'membership_role.created',
      'membership_role.updated',
    ]);
  });

  it('deletes a role and the assignments with it', async () => {
    const doomed = await created(NETWORK, admin.session, 'Brandschutz');
    await t.services.membershipRoles.setAssignments(networkId, member.membership.id, [doomed.id], {
      actorId: admin.membership.id,
    });
    const listed = (await call('GET', NETWORK, admin.session)).json<MembershipRole[]>();
    expect(listed.find((r) => r.id === doomed.id)?.holder_count).toBe(1);
    expect((await call('DELETE', `${NETWORK}/${doomed.id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `${NETWORK}/${doomed.id}`, member.session)).statusCode).toBe(403);
    expect((await call('DELETE', `${NETWORK}/${doomed.id}`, admin.session)).statusCode).toBe(204);
    expect((await call('DELETE', `${NETWORK}/${doomed.id}`, admin.session)).statusCode).toBe(404);
    expect(await t.services.membershipRoles.rolesOf(networkId, member.membership.id)).toEqual([]);
    expect((await eventsOf(doomed.id)).map((e) => e.type)).toEqual([
      'membership_role.created',
      'membership_role.destroyed',
    ]);
  });

  it('lists the roles by name, not those of groups nor of other networks', async () => {
    const other = await createNetwork(t.services, { host: 'other.example.test' });
    await t.services.membershipRoles.create(other.id, [{ name: 'Aaa fremd', pluralName: 'Fremde' }]);
    await t.services.membershipRoles.create(networkId, [{ name: 'Aaa Gruppe', pluralName: 'G', groupId }]);
    const names = (await call('GET', NETWORK, admin.session)).json<MembershipRole[]>().map((r) => r.name);
    expect(names).not.toContain('Aaa fremd');
    expect(names).not.toContain('Aaa Gruppe');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });
});

describe("a group's membership roles", () => {
  it('are for the group admins and network admins: 401, 403, 404, 201', async () => {
    expect((await call('GET', GROUP, null)).statusCode).toBe(401);
    expect((await call('GET', GROUP, member.session)).statusCode).toBe(403);
    expect((await call('POST', GROUP, member.session, role('Kassenwart'))).statusCode).toBe(403);
    expect((await call('GET', '/groups/nope/administration/membership_roles', admin.session)).statusCode).toBe(404);
    expect((await call('POST', GROUP, groupAdmin.session, role(''))).statusCode).toBe(422);
    const mine = await created(GROUP, groupAdmin.session, 'Kassenwart');
    expect(mine).toMatchObject({ slug: 'kassenwart', group_id: groupId, can: { update: true, destroy: true } });
    // The network's role of the same name is another scope: the same slug is free there.
    expect((await created(NETWORK, admin.session, 'Kassenwart')).slug).toBe('kassenwart');
    expect((await created(GROUP, admin.session, 'Kassenwart')).slug).toBe('kassenwart-2');
    const list = (await call('GET', GROUP, groupAdmin.session)).json<MembershipRole[]>();
    expect(list.every((r) => r.group_id === groupId)).toBe(true);
  });

  it("edits and deletes only the group's own roles", async () => {
    const mine = await created(GROUP, groupAdmin.session, 'Schriftführer');
    const networkRole = await created(NETWORK, admin.session, 'Netzwerkrolle');
    expect((await call('PUT', `${GROUP}/${networkRole.id}`, groupAdmin.session, role('X'))).statusCode).toBe(404);
    expect((await call('DELETE', `${GROUP}/${networkRole.id}`, groupAdmin.session)).statusCode).toBe(404);
    expect((await call('PUT', `${NETWORK}/${mine.id}`, admin.session, role('X'))).statusCode).toBe(404);
    expect((await call('PUT', `${GROUP}/${mine.id}`, member.session, role('X'))).statusCode).toBe(403);
    const edited = await call(
      'PUT',
      `${GROUP}/${mine.id}`,
      groupAdmin.session,
      role('Protokoll', { color: '#2f9e44' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ slug: 'schriftfuehrer', name: 'Protokoll', color: '#2f9e44' });
    expect((await call('DELETE', `${GROUP}/${mine.id}`, member.session)).statusCode).toBe(403);
    expect((await call('DELETE', `${GROUP}/${mine.id}`, groupAdmin.session)).statusCode).toBe(204);
  });
});

describe('a network without membership roles', () => {
  it('refuses the editor at both levels', async () => {
    await t.services.networks.setConfig(networkId, { membership_roles_enabled: false });
    try {
      expect((await call('GET', NETWORK, admin.session)).statusCode).toBe(403);
      expect((await call('POST', NETWORK, admin.session, role('Aus'))).statusCode).toBe(403);
      expect((await call('GET', GROUP, groupAdmin.session)).statusCode).toBe(403);
    } finally {
      await t.services.networks.setConfig(networkId, { membership_roles_enabled: true });
    }
    expect((await call('GET', NETWORK, admin.session)).statusCode).toBe(200);
  });
});

describe('setAssignments', () => {
  it("sets a member's roles of one scope as a whole, keeping those of other scopes", async () => {
    const [a, b, c] = await t.services.membershipRoles.create(networkId, [
      { name: 'Rolle A', pluralName: 'A' },
      { name: 'Rolle B', pluralName: 'B' },
      { name: 'Rolle C', pluralName: 'C', groupId },
    ]);
    const who = groupAdmin.membership.id;
    await t.services.membershipRoles.setAssignments(networkId, who, [c!.id], { groupId });
    await t.services.membershipRoles.setAssignments(networkId, who, [a!.id, b!.id]);
    await t.services.membershipRoles.setAssignments(networkId, who, [b!.id], { actorId: admin.membership.id });
    const held = (await t.services.membershipRoles.rolesOf(networkId, who)).map((r) => r.name).sort();
    expect(held).toEqual(['Rolle B', 'Rolle C']);
    await expect(t.services.membershipRoles.setAssignments(networkId, who, [c!.id])).rejects.toMatchObject({
      statusCode: 422,
      body: { errors: { role_ids: ['invalid'] } },
    });
    const assigned = await eventsOf(who);
    expect(assigned.filter((e) => e.type === 'membership_role.assignments_updated')).toHaveLength(3);
  });
});
