import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let categories: Record<'teams' | 'projects' | 'regions', { id: string }>;
let groupIds: Record<'teamA' | 'projectA', string>;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Shell Network' })).id;
  // Inserted out of order, so that the order of the answer can only come from the positions.
  const [projects, regions, teams] = await t.services.groups.createCategories(networkId, [
    { slug: 'projects', name: 'Project', pluralName: 'Projects', position: 2 },
    { slug: 'regions', name: 'Region', pluralName: 'Regions', position: 3 },
    { slug: 'teams', name: 'Team', pluralName: 'Teams', position: 1 },
  ]);
  categories = { teams: teams!, projects: projects!, regions: regions! };
  const [teamA, projectA] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: teams!.id, slug: 'team-a', name: 'Team A' },
    { groupCategoryId: projects!.id, slug: 'project-a', name: 'Project A' },
  ]);
  groupIds = { teamA: teamA!.id, projectA: projectA!.id };
});
afterAll(() => t.close());

const getShell = (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/v1/network', headers });

type ShellCategory = { id: string; slug: string; can: { administrate: boolean } };
const administrateBySlug = (body: { group_categories: ShellCategory[] }) =>
  Object.fromEntries(body.group_categories.map((c) => [c.slug, c.can.administrate]));

describe('GET /api/v1/network', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await getShell({ accept: 'application/json' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('gives a member the shell, with the categories in their order and nothing to administrate', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    const response = await getShell(session.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: networkId,
      name: 'Shell Network',
      config: {
        memberships: { profile_edit_target: 'profile', change_requests: { enabled: false } },
        folder_profiles: { enabled: false },
        file_profiles: { enabled: false, column_fields: [] },
      },
      can: { administrate: false, version_and_updates: false, chat: true, send_direct_messages: true },
    });
    expect(body.group_categories).toEqual([
      expect.objectContaining({
        id: categories.teams.id,
        slug: 'teams',
        plural_name: 'Teams',
        order: 1,
        can: { administrate: false },
      }),
      expect.objectContaining({
        id: categories.projects.id,
        slug: 'projects',
        plural_name: 'Projects',
        order: 2,
        can: { administrate: false },
      }),
      expect.objectContaining({
        id: categories.regions.id,
        slug: 'regions',
        plural_name: 'Regions',
        order: 3,
        can: { administrate: false },
      }),
    ]);
  });

  it('lets a network admin administrate the network, its updates and every category', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId, { admin: true });
    const body = (await getShell(session.headers)).json();
    expect(body.can).toEqual({ administrate: true, version_and_updates: true, chat: true, send_direct_messages: true });
    expect(administrateBySlug(body)).toEqual({ teams: true, projects: true, regions: true });
  });

  it('lets the admin of a group administrate that group’s category, and only that one', async () => {
    const { membership, session } = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addMembers(networkId, [
      { groupId: groupIds.teamA, membershipId: membership.id, role: 'admin' },
      // A plain membership gives no administration of the category.
      { groupId: groupIds.projectA, membershipId: membership.id, role: 'member' },
    ]);
    const body = (await getShell(session.headers)).json();
    expect(body.can).toEqual({
      administrate: false,
      version_and_updates: false,
      chat: true,
      send_direct_messages: true,
    });
    expect(administrateBySlug(body)).toEqual({ teams: true, projects: false, regions: false });
  });

  it('lets a guest chat only where the network allows guests to chat', async () => {
    const guest = await signedInMember(t.app, t.services, networkId, { external: true });
    expect((await getShell(guest.session.headers)).json().can.chat).toBe(false);
    const open = await createNetwork(t.services, { host: 'guest-chat.test' });
    await storeNetworkSettings(t.database.db, open.id, { guest_users_allow_chat: true });
    const welcome = await signedInMember(t.app, t.services, open.id, { external: true }, 'guest-chat.test');
    const answer = await getShell({ ...welcome.session.headers, host: 'guest-chat.test' });
    expect(answer.json().can.chat).toBe(true);
  });

  it('shows the categories of the request’s network only', async () => {
    const other = await createNetwork(t.services, { host: 'other-shell.test' });
    await t.services.groups.createCategories(other.id, [
      { slug: 'elsewhere', name: 'Else', pluralName: 'Elses', position: 0 },
    ]);
    const { session } = await signedInMember(t.app, t.services, networkId);
    const body = (await getShell(session.headers)).json();
    expect(body.group_categories.map((c: ShellCategory) => c.slug)).toEqual(['teams', 'projects', 'regions']);
  });
});

describe('GET /api/v1/network/sign_in', () => {
  it("answers visitors with the network's name and the sign-in page's texts as the settings hold them", async () => {
    const empty = await t.app.inject({ url: '/api/v1/network/sign_in' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ name: 'Shell Network', texts: { before: '', between: '', after: '' } });
    await storeNetworkSettings(t.database.db, networkId, {
      devise_text_before: 'Willkommen im Intranet.',
      devise_text_after: 'Fragen? IT-Service, Durchwahl 42.',
    });
    const set = await t.app.inject({ url: '/api/v1/network/sign_in' });
    expect(set.json().texts).toEqual({
      before: 'Willkommen im Intranet.',
      between: '',
      after: 'Fragen? IT-Service, Durchwahl 42.',
    });
  });
});
