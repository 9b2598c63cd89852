import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_GROUPS_PER_PAGE, type DirectoryCategoryResult } from '@agora/contracts';
import type { NewGroup } from '../groups/index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { statementsDuring } from '../../testing/statements.ts';

let t: TestApp;
let networkId: string;
let teams: { id: string; slug: string };
let projectsId: string;
let member: { membership: { id: string }; session: Session };
let inviter: { membership: { id: string }; session: Session };
let admin: { membership: { id: string }; session: Session };
const groupIds: Record<string, string> = {};

async function group(key: string, values: Partial<NewGroup> & { name: string }, memberIds: string[] = []) {
  const [row] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: teams.id, slug: key.toLowerCase(), ...values },
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
  const [teamsRow, projects] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    { slug: 'projects', name: 'Projekt', pluralName: 'Projekte' },
  ]);
  teams = { id: teamsRow!.id, slug: teamsRow!.slug };
  projectsId = projects!.id;
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Max', lastName: 'Meier' });
  inviter = await signedInMember(t.app, t.services, networkId, { firstName: 'Ina', lastName: 'Einlader' });
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
  const [me, other] = [member.membership.id, inviter.membership.id];

  await group('Marketing', { name: 'Marketing', access: 'open', teaser: 'Campaigns' }, [other]);
  await group('Engineering', { name: 'Engineering', access: 'open' }, [me, other]);
  await group('Board', { name: 'Board', access: 'closed' }, [other]);
  await group('Design', { name: 'Design', access: 'closed' }, [other]);
  await group('SecretMine', { name: 'Secret Launch', access: 'hidden' }, [me]);
  await group('SecretOthers', { name: 'Secret Board', access: 'hidden' }, [other]);
  await group('Archived', { name: 'Alt Marketing', access: 'open', archived: true });
  await group('Guests', { name: 'Guest Corner', access: 'open', externallyVisible: true });
  await t.services.groups.createGroups(networkId, [
    { groupCategoryId: projectsId, slug: 'relaunch', name: 'Website Relaunch', access: 'open' },
  ]);

  // Max asks to join the board and is invited to design.
  const request = await t.app.inject({
    method: 'POST',
    url: `/api/v1/groups/${groupIds.Board}/join`,
    headers: member.session.headers,
  });
  expect(request.statusCode, request.body).toBeLessThan(300);
  const invite = await t.app.inject({
    method: 'POST',
    url: '/groups/design/membership_invites',
    headers: inviter.session.headers,
    payload: { membership_invites: { membership_ids: [me], group_ids: [], additional_message: '' } },
  });
  expect(invite.statusCode, invite.body).toBeLessThan(300);
});
afterAll(() => t.close());

function tab(category: string, query: Record<string, string> = {}, session: Session | null = member.session) {
  const headers = session ? session.headers : { accept: 'application/json' };
  return t.app.inject({ url: `/directory/${category}`, query, headers });
}

async function listed(category: string, query: Record<string, string> = {}, session?: Session) {
  const response = await tab(category, query, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectoryCategoryResult>();
}

const names = (result: DirectoryCategoryResult) => result.groups.map((g) => g.name);
const row = (result: DirectoryCategoryResult, name: string) => result.groups.find((g) => g.name === name)!;

describe('GET /directory/{category}', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await tab(teams.id, {}, null);
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 for parameters out of range', async () => {
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const response = await tab(teams.id, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });

  it('answers 404 "category not found" for an unknown category, also with .json', async () => {
    for (const url of ['/directory/nothing', '/directory/0123456789abcdef01234567.json', '/directory/channels']) {
      const response = await t.app.inject({ url, headers: member.session.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'category_not_found' });
    }
    const foreignNetwork = await createNetwork(t.services, { host: 'other.test' });
    const foreign = await signedInMember(t.app, t.services, foreignNetwork.id, {}, 'other.test');
    expect((await tab(teams.id, {}, foreign.session)).statusCode).toBe(404);
  });

  it("lists the category's groups the member may see, archived ones last, by id, slug and .json", async () => {
    const result = await listed(teams.id);
    expect(names(result)).toEqual([
      'Board',
      'Design',
      'Engineering',
      'Guest Corner',
      'Marketing',
      'Secret Launch',
      'Alt Marketing',
    ]);
    expect(result.total).toBe(7);
    expect(result.category).toEqual({ id: teams.id, slug: 'teams', name: 'Team', plural_name: 'Teams', color: null });
    expect(result).toMatchObject({ page: 1, per_page: DIRECTORY_GROUPS_PER_PAGE });
    expect(names(await listed('teams'))).toEqual(names(result));
    const json = await t.app.inject({
      url: `/directory/${teams.id}.json`,
      headers: { ...member.session.headers, accept: 'text/html' },
    });
    expect(json.json<DirectoryCategoryResult>().total).toBe(7);
  });

  it("gives each row the member's state, the fitting can flags and the member count", async () => {
    const result = await listed(teams.id);
    expect(row(result, 'Marketing')).toEqual({
      id: groupIds.Marketing,
      slug: 'marketing',
      name: 'Marketing',
      teaser: 'Campaigns',
      access: 'open',
      archived: false,
      profile_image: null,
      member_count: 1,
      membership_status_of_current_member: 'no_member',
      invite: null,
      can: { join: true, join_moderated: false, leave: false },
    });
    expect(row(result, 'Engineering')).toMatchObject({
      membership_status_of_current_member: 'member',
      member_count: 2,
      can: { join: false, leave: true },
    });
    // The web app offers to withdraw the request: the state decides before the flags.
    expect(row(result, 'Board')).toMatchObject({ membership_status_of_current_member: 'in_moderation' });
    const design = row(result, 'Design');
    expect(design.membership_status_of_current_member).toBe('invited');
    expect(design.invite).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(design.can).toMatchObject({ join: false, join_moderated: true });
    expect(row(result, 'Alt Marketing')).toMatchObject({ archived: true, can: { join: false } });
  });

  it('updates the state when the member joins and leaves', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${groupIds.Marketing}/join`,
      headers: member.session.headers,
    });
    expect(row(await listed(teams.id), 'Marketing')).toMatchObject({
      membership_status_of_current_member: 'member',
      member_count: 2,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/groups/${groupIds.Marketing}/join`,
      headers: member.session.headers,
    });
    expect(row(await listed(teams.id), 'Marketing').membership_status_of_current_member).toBe('no_member');
  });

  it('never lists hidden groups to outsiders, but to their members and network admins', async () => {
    const outsider = await signedInMember(t.app, t.services, networkId);
    expect(names(await listed(teams.id, {}, outsider.session))).not.toContain('Secret Launch');
    expect(names(await listed(teams.id, { q: 'secret' }, outsider.session))).toEqual([]);
    expect(names(await listed(teams.id, { q: 'secret' }))).toEqual(['Secret Launch']);
    expect(names(await listed(teams.id, { q: 'secret' }, admin.session))).toEqual(['Secret Board', 'Secret Launch']);
  });

  it('shows a guest only the groups open to guests and their own', async () => {
    const guest = await signedInMember(t.app, t.services, networkId, { external: true });
    await t.services.groups.addMembers(networkId, [{ groupId: groupIds.Board!, membershipId: guest.membership.id }]);
    const result = await listed(teams.id, {}, guest.session);
    expect(names(result)).toEqual(['Board', 'Guest Corner']);
    expect(result.total).toBe(2);
    // Guests do not join by themselves.
    expect(row(result, 'Guest Corner').can).toEqual({ join: false, join_moderated: false, leave: false });
  });

  it('searches by the beginning of the words of the name', async () => {
    expect(names(await listed(teams.id, { q: 'mark' }))).toEqual(['Marketing', 'Alt Marketing']);
    expect(names(await listed(teams.id, { q: 'arketing' }))).toEqual([]);
    expect(names(await listed(teams.id, { q: '%' }))).toEqual([]);
    expect(names(await listed(projectsId, { q: 'web rel' }))).toEqual(['Website Relaunch']);
  });

  it('pages through the groups with the total on every page', async () => {
    const many = Array.from({ length: DIRECTORY_GROUPS_PER_PAGE }, (_, i) => ({
      groupCategoryId: projectsId,
      slug: `project-${i}`,
      name: `Projekt ${String(i).padStart(2, '0')}`,
    }));
    await t.services.groups.createGroups(networkId, many);
    const first = await listed(projectsId);
    const second = await listed(projectsId, { page: '2' });
    expect(first.groups).toHaveLength(DIRECTORY_GROUPS_PER_PAGE);
    expect(second.groups).toHaveLength(1);
    expect(first.total).toBe(DIRECTORY_GROUPS_PER_PAGE + 1);
    expect(second.total).toBe(first.total);
    expect((await listed(projectsId, { page: '5' })).total).toBe(first.total);
  });

  it('answers a page in a fixed number of statements, however many groups', async () => {
    // The processors of the groups made above (search index ...) must not be counted.
    await t.services.events.settled();
    const statements = await statementsDuring(t.database, () => listed(projectsId));
    const mine = statements.filter((s) => /group|invite/.test(s) && !/sessions/.test(s));
    expect(mine.length).toBeLessThanOrEqual(7);
  });
});
