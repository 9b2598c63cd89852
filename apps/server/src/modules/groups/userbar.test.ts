import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERBAR_GROUPS_LIMIT, type UserbarGroups } from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let member: { membership: { id: string }; session: Session };
let categoryIds: Record<'teams' | 'projects' | 'places', string>;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  // Inserted out of order: the answer's order can only come from the positions.
  const [projects, places, teams] = await t.services.groups.createCategories(networkId, [
    {
      slug: 'projects',
      name: 'Projekt',
      pluralName: 'Projekte',
      position: 1,
      color: '#2f9e44',
      theme: { override: true, colors: { primary: '#0ca678' } },
    },
    { slug: 'places', name: 'Ort', pluralName: 'Orte', position: 2, theme: { colors: { primary: '#e8590c' } } },
    { slug: 'teams', name: 'Team', pluralName: 'Teams', position: 0 },
  ]);
  categoryIds = { teams: teams!.id, projects: projects!.id, places: places!.id };
  member = await signedInMember(t.app, t.services, networkId);
  const groups = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: teams!.id, slug: 'zebra', name: 'Zebra Team' },
    { groupCategoryId: teams!.id, slug: 'alpha', name: 'alpha team' },
    { groupCategoryId: teams!.id, slug: 'old', name: 'Aardvark (old)', archived: true },
    { groupCategoryId: teams!.id, slug: 'not-mine', name: 'Not Mine' },
    {
      groupCategoryId: projects!.id,
      slug: 'secret',
      name: 'Secret Project',
      access: 'hidden',
      theme: { override: true, colors: { primary: '#7048e8' } },
    },
  ]);
  const mine = groups.filter((g) => g.slug !== 'not-mine');
  await t.services.groups.addMembers(
    networkId,
    mine.map((g) => ({ groupId: g.id, membershipId: member.membership.id })),
  );
});
afterAll(() => t.close());

const getUserbar = (session: Session | null) =>
  t.app.inject({ url: '/api/v1/userbar/groups', headers: session ? session.headers : { accept: 'application/json' } });

describe('GET /api/v1/userbar/groups', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await getUserbar(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it("lists every category in order with the member's groups, archived ones last and flagged", async () => {
    const response = await getUserbar(member.session);
    expect(response.statusCode).toBe(200);
    const body = response.json<UserbarGroups>();
    expect(body.categories.map((c) => [c.slug, c.groups.map((g) => [g.slug, g.archived])])).toEqual([
      [
        'teams',
        [
          ['alpha', false],
          ['zebra', false],
          ['old', true],
        ],
      ],
      ['projects', [['secret', false]]],
      ['places', []],
    ]);
    expect(body.categories[1]).toMatchObject({
      id: categoryIds.projects,
      slug: 'projects',
      plural_name: 'Projekte',
      color: '#2f9e44',
    });
  });

  it('carries the themes of categories and groups that override the network design', async () => {
    const body = (await getUserbar(member.session)).json<UserbarGroups>();
    const [teams, projects, places] = body.categories;
    expect(teams!.active_theme).toBeNull();
    // A stored theme that does not override is no active theme.
    expect(places!.active_theme).toBeNull();
    expect(projects!.active_theme).toMatchObject({
      override: true,
      colors: { primary: '#0ca678' },
      derivedColors: { primary_contrast_text: '#000000' },
    });
    expect(projects!.groups[0]!.active_theme).toMatchObject({
      colors: { primary: '#7048e8' },
      derivedColors: { primary_contrast_text: '#ffffff' },
    });
    expect(teams!.groups[0]!.active_theme).toBeNull();
  });

  it('lists empty categories for a member without groups, and nothing of another network', async () => {
    const other = await createNetwork(t.services, { host: 'other.test' });
    await t.services.groups.createCategories(other.id, [
      { slug: 'elsewhere', name: 'Anderswo', pluralName: 'Anderswo' },
    ]);
    const stranger = await signedInMember(t.app, t.services, other.id, {}, 'other.test');
    const body = (await getUserbar(stranger.session)).json<UserbarGroups>();
    expect(body.categories.map((c) => [c.slug, c.groups])).toEqual([['elsewhere', []]]);

    const newcomer = await signedInMember(t.app, t.services, networkId);
    const home = (await getUserbar(newcomer.session)).json<UserbarGroups>();
    expect(home.categories.map((c) => c.groups.length)).toEqual([0, 0, 0]);
  });

  it(`is bounded to ${USERBAR_GROUPS_LIMIT} groups`, async () => {
    const busy = await signedInMember(t.app, t.services, networkId);
    const many = await t.services.groups.createGroups(
      networkId,
      Array.from({ length: USERBAR_GROUPS_LIMIT + 5 }, (_, i) => ({
        groupCategoryId: categoryIds.places,
        slug: `busy-${i}`,
        name: `Busy ${String(i).padStart(3, '0')}`,
      })),
    );
    await t.services.groups.addMembers(
      networkId,
      many.map((g) => ({ groupId: g.id, membershipId: busy.membership.id })),
    );
    const body = (await getUserbar(busy.session)).json<UserbarGroups>();
    const places = body.categories.find((c) => c.slug === 'places')!;
    expect(places.groups).toHaveLength(USERBAR_GROUPS_LIMIT);
    expect(places.groups[0]!.name).toBe('Busy 000');
  });
});
