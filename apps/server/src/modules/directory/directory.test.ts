import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGroup } from '../groups/index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let otherNetworkId: string;
let categories: { teams: string; projects: string };
let member: { membership: { id: string }; session: Session };
const groupIds: Record<string, string> = {};

async function group(key: string, values: Partial<NewGroup> & { name: string }, memberIds: string[] = []) {
  const [row] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categories.teams, slug: key.toLowerCase(), ...values },
  ]);
  groupIds[key] = row!.id;
  await t.services.groups.addMembers(
    networkId,
    memberIds.map((membershipId) => ({ groupId: row!.id, membershipId })),
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  otherNetworkId = (await createNetwork(t.services, { host: 'other.test' })).id;
  const [teams, projects] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    { slug: 'projects', name: 'Projekt', pluralName: 'Projekte' },
  ]);
  categories = { teams: teams!.id, projects: projects!.id };
  member = await signedInMember(t.app, t.services, networkId);
  const me = member.membership.id;

  await group('Marketing', { name: 'Marketing', access: 'open' });
  await group('Engineering', { name: 'Engineering', access: 'closed', chatEnabled: false }, [me]);
  await group('Relaunch', { name: 'Website Relaunch', access: 'closed', groupCategoryId: projects!.id });
  await group('SecretMine', { name: 'Secret Launch', access: 'hidden' }, [me]);
  await group('SecretOthers', { name: 'Secret Board', access: 'hidden' });
  await group('Archived', { name: 'Old Marketing', access: 'open', archived: true }, [me]);
  await group('Guests', { name: 'Guest Corner', access: 'open', externallyVisible: true });

  await t.services.membershipRoles.create(networkId, [
    { name: 'Betriebsrat', pluralName: 'Betriebsräte', color: '#c92a2a' },
    { name: 'Ersthelfer:in', pluralName: 'Ersthelfer:innen' },
    { name: 'Launch Lead', pluralName: 'Launch Leads', groupId: groupIds.SecretOthers },
    { name: 'Launch Helper', pluralName: 'Launch Helpers', groupId: groupIds.SecretMine },
  ]);

  const [foreignCategory] = await t.services.groups.createCategories(otherNetworkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  await t.services.groups.createGroups(otherNetworkId, [
    { groupCategoryId: foreignCategory!.id, slug: 'foreign-marketing', name: 'Marketing Abroad' },
  ]);
  await t.services.membershipRoles.create(otherNetworkId, [{ name: 'Betriebsrat', pluralName: 'Betriebsräte' }]);
});
afterAll(() => t.close());

type Result = {
  groups: Array<{ type: 'group'; id: string; slug: string; name: string; chat_enabled: boolean }>;
  membership_roles: Array<{
    type: 'membership_role';
    slug: string;
    name: string;
    group: { id: string; name: string } | null;
  }>;
  limit: number;
};

const directory = (query: Record<string, string>, session: Session | null = member.session) =>
  t.app.inject({ url: '/directory', query, headers: session ? session.headers : { accept: 'application/json' } });

async function found(query: Record<string, string>, session?: Session): Promise<Result> {
  const response = await directory(query, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Result>();
}

const groupNames = (result: Result) => result.groups.map((g) => g.name);
const roleNames = (result: Result) => result.membership_roles.map((r) => r.name);

describe('GET /directory', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await directory({}, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('answers 422 for parameters out of range', async () => {
    for (const [query, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '51' }, 'limit'],
      [{ include_membership_roles: 'yes' }, 'include_membership_roles'],
      [{ only_my_groups: 'sure' }, 'only_my_groups'],
      [{ only_chat_enabled: '2' }, 'only_chat_enabled'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const response = await directory(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });

  it('lists the groups a member may read, by name, with their category, but no roles unless asked', async () => {
    const result = await found({});
    expect(groupNames(result)).toEqual([
      'Engineering',
      'Guest Corner',
      'Marketing',
      'Secret Launch',
      'Website Relaunch',
    ]);
    expect(result.membership_roles).toEqual([]);
    expect(result.limit).toBe(20);
    expect(result.groups.find((g) => g.name === 'Website Relaunch')).toEqual({
      type: 'group',
      id: groupIds.Relaunch,
      slug: 'relaunch',
      name: 'Website Relaunch',
      category: { id: categories.projects, name: 'Projekt' },
      chat_enabled: true,
    });
  });

  it('shows a network administrator hidden groups too', async () => {
    const admin = await signedInMember(t.app, t.services, networkId, { admin: true });
    expect(groupNames(await found({ q: 'secret' }, admin.session))).toEqual(['Secret Board', 'Secret Launch']);
  });

  it('shows a guest only the groups open to guests and their own', async () => {
    const guest = await signedInMember(t.app, t.services, networkId, { external: true });
    await t.services.groups.addMembers(networkId, [
      { groupId: groupIds.Engineering!, membershipId: guest.membership.id },
    ]);
    expect(groupNames(await found({}, guest.session))).toEqual(['Engineering', 'Guest Corner']);
  });

  it('filters by the beginning of the words of the name, in any case', async () => {
    // "Relaunch" does not begin with "laun".
    expect(groupNames(await found({ q: 'LAUN' }))).toEqual(['Secret Launch']);
    expect(groupNames(await found({ q: 'rel' }))).toEqual(['Website Relaunch']);
    expect(groupNames(await found({ q: 'mark' }))).toEqual(['Marketing']);
    expect(groupNames(await found({ q: 'arketing' }))).toEqual([]);
    expect(groupNames(await found({ q: 'website rel' }))).toEqual(['Website Relaunch']);
    expect(groupNames(await found({ q: '%' }))).toEqual([]);
  });

  it("keeps to the member's own groups and to groups with chat when asked", async () => {
    expect(groupNames(await found({ only_my_groups: 'true' }))).toEqual(['Engineering', 'Secret Launch']);
    expect(groupNames(await found({ only_my_groups: 'true', only_chat_enabled: 'true' }))).toEqual(['Secret Launch']);
  });

  it('is bounded by the limit', async () => {
    const result = await found({ limit: '2' });
    expect(groupNames(result)).toEqual(['Engineering', 'Guest Corner']);
    expect(result.limit).toBe(2);
  });

  it("adds the network's roles and those of readable groups when asked", async () => {
    const result = await found({ include_membership_roles: 'true' });
    expect(roleNames(result)).toEqual(['Betriebsrat', 'Ersthelfer:in', 'Launch Helper']);
    expect(result.membership_roles[0]).toEqual({
      type: 'membership_role',
      id: expect.any(String),
      slug: 'betriebsrat',
      name: 'Betriebsrat',
      plural_name: 'Betriebsräte',
      color: '#c92a2a',
      group: null,
    });
    expect(result.membership_roles[1]).toMatchObject({ slug: 'ersthelfer-in', color: '#000000' });
    expect(result.membership_roles[2]!.group).toEqual({ id: groupIds.SecretMine, name: 'Secret Launch' });
  });

  it('filters roles by name and plural name', async () => {
    expect(roleNames(await found({ q: 'ersthelfer', include_membership_roles: 'true' }))).toEqual(['Ersthelfer:in']);
    expect(roleNames(await found({ q: 'betriebsräte', include_membership_roles: 'true' }))).toEqual(['Betriebsrat']);
    const admin = await signedInMember(t.app, t.services, networkId, { admin: true });
    expect(roleNames(await found({ q: 'launch', include_membership_roles: 'true' }, admin.session))).toEqual([
      'Launch Helper',
      'Launch Lead',
    ]);
  });

  it('never shows groups or roles of another network', async () => {
    const result = await found({ q: 'marketing', include_membership_roles: 'true' });
    expect(groupNames(result)).toEqual(['Marketing']);
    const foreign = await signedInMember(t.app, t.services, otherNetworkId, {}, 'other.test');
    const abroad = await found({ include_membership_roles: 'true' }, foreign.session);
    expect(groupNames(abroad)).toEqual(['Marketing Abroad']);
    expect(roleNames(abroad)).toEqual(['Betriebsrat']);
    expect(abroad.membership_roles[0]!.slug).toBe('betriebsrat');
  });
});
