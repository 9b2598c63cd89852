import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MEMBERS_PER_PAGE, type DirectoryMembersResult } from '@agora/contracts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type MemberOptions,
  type Session,
  type TestApp,
} from '../../testing/index.ts';
import { statementsDuring } from '../../testing/statements.ts';

let t: TestApp;
let networkId: string;
let otherNetworkId: string;
let categoryId: string;
let member: { membership: { id: string }; session: Session };
const ids: Record<string, string> = {};

const SETTINGS = {
  directory_profile_fields: ['department', 'location', 'position'],
  directory_filter_profile_fields: ['department', 'location', 'languages'],
};

const sqlProfile = (id: string, profile: Record<string, unknown>) =>
  sql`update memberships set profile = ${JSON.stringify(profile)}::jsonb where id = ${id}`;

async function person(
  key: string,
  options: MemberOptions,
  profile: Record<string, unknown> = {},
  inNetwork = networkId,
) {
  const { membership } = await createMember(t.services, inNetwork, options);
  ids[key] = membership.id;
  if (Object.keys(profile).length > 0) {
    // Profiles are edited by a later feature; the tests store the values directly.
    await t.database.db.execute(sqlProfile(membership.id, profile));
  }
  return membership;
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  otherNetworkId = (await createNetwork(t.services, { host: 'other.test' })).id;
  await storeNetworkSettings(t.database.db, networkId, SETTINGS);
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Zacharias', lastName: 'Zuschauer' });
  ids.me = member.membership.id;

  await person(
    'ada',
    { firstName: 'Ada', lastName: 'Lovelace' },
    { department: 'Engineering', location: 'London', position: 'Analyst', languages: ['English', 'French'] },
  );
  await person(
    'grace',
    { firstName: 'Grace', lastName: 'Hopper' },
    { department: 'Engineering', location: 'Arlington', languages: ['English'] },
  );
  await person(
    'hedy',
    { firstName: 'Hedy', lastName: 'Lamarr' },
    { department: 'Research', location: 'Wien', position: '' },
  );
  await person(
    'alan',
    { firstName: 'Alan', lastName: 'Baker' },
    { department: 'Research', location: 'London', room: 42 },
  );
  await person('zoe', { firstName: 'Zoe', lastName: 'Anders' }, { department: 'Sales', location: { city: 'Berlin' } });
  await person('gina', { firstName: 'Gina', lastName: 'Gast', external: true }, { department: 'Sales' });
  await person('locked', { firstName: 'Lothar', lastName: 'Locked', locked: true }, { department: 'Engineering' });
  await person('consumer', { firstName: 'Conny', lastName: 'Kundin', consumer: true }, { department: 'Engineering' });
  await person('foreign', { firstName: 'Fremd', lastName: 'Anderswo' }, { department: 'Engineering' }, otherNetworkId);
});
afterAll(() => t.close());

function list(query: Record<string, string> = {}, session: Session | null = member.session) {
  const headers = session ? session.headers : { accept: 'application/json' };
  return t.app.inject({ url: '/directory/members', query, headers });
}

async function listed(query: Record<string, string> = {}, session?: Session): Promise<DirectoryMembersResult> {
  const response = await list(query, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectoryMembersResult>();
}

const keysOf = (result: DirectoryMembersResult) =>
  result.members.map((m) => Object.keys(ids).find((key) => ids[key] === m.id));

describe('GET /directory/members', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await list({}, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('answers 422 for parameters out of range', async () => {
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ sort: 'age' }, 'sort'],
      [{ q: 'x'.repeat(101) }, 'q'],
      [{ group_slug: '' }, 'group_slug'],
      [{ 'filter[department]': 'x'.repeat(201) }, 'filter[department]'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });

  it('lists the members by last name, never locked ones or contacts, with the fields the network shows', async () => {
    const result = await listed();
    expect(keysOf(result)).toEqual(['zoe', 'alan', 'gina', 'grace', 'hedy', 'ada', 'me']);
    expect(result.total).toBe(7);
    expect(result).toMatchObject({ page: 1, per_page: DIRECTORY_MEMBERS_PER_PAGE, sort: 'last_name', group: null });
    expect(result.profile_fields).toEqual(['department', 'location', 'position']);
    expect(result.members.find((m) => m.id === ids.ada)).toEqual({
      id: ids.ada,
      displayName: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      path: `/members/${ids.ada}`,
      images: { small: null, medium: null, large: null },
      is_external: false,
      locked: false,
      profile: { department: 'Engineering', location: 'London', position: 'Analyst' },
    });
    // Empty values and values that are no text (an address object) are left out.
    expect(result.members.find((m) => m.id === ids.hedy)!.profile).toEqual({
      department: 'Research',
      location: 'Wien',
    });
    expect(result.members.find((m) => m.id === ids.zoe)!.profile).toEqual({ department: 'Sales' });
    expect(result.members.find((m) => m.id === ids.gina)!.is_external).toBe(true);
  });

  it("sorts by the network's directory_default_sort, and by the other name when asked", async () => {
    expect(keysOf(await listed({ sort: 'first_name' }))).toEqual(['ada', 'alan', 'gina', 'grace', 'hedy', 'me', 'zoe']);
    await storeNetworkSettings(t.database.db, networkId, { ...SETTINGS, directory_default_sort: 'first_name' });
    try {
      const result = await listed();
      expect(result.sort).toBe('first_name');
      expect(keysOf(result)[0]).toBe('ada');
      expect(keysOf(await listed({ sort: 'last_name' }))[0]).toBe('zoe');
    } finally {
      await storeNetworkSettings(t.database.db, networkId, SETTINGS);
    }
  });

  it('offers the distinct values of each filter field with their counts, list entries one by one', async () => {
    const { filters } = await listed();
    expect(filters).toEqual([
      {
        field: 'department',
        value: null,
        // Locked members, contacts and other networks do not count.
        options: [
          { value: 'Engineering', count: 2 },
          { value: 'Research', count: 2 },
          { value: 'Sales', count: 2 },
        ],
      },
      {
        field: 'location',
        value: null,
        options: [
          { value: 'Arlington', count: 1 },
          { value: 'London', count: 2 },
          { value: 'Wien', count: 1 },
        ],
      },
      {
        field: 'languages',
        value: null,
        options: [
          { value: 'English', count: 2 },
          { value: 'French', count: 1 },
        ],
      },
    ]);
  });

  it('narrows the list by filters, a list value by any of its entries, and by several at once', async () => {
    expect(keysOf(await listed({ 'filter[department]': 'Engineering' }))).toEqual(['grace', 'ada']);
    expect(keysOf(await listed({ 'filter[languages]': 'French' }))).toEqual(['ada']);
    const both = await listed({ 'filter[department]': 'Research', 'filter[location]': 'London' });
    expect(keysOf(both)).toEqual(['alan']);
    expect(both.total).toBe(1);
    expect(both.filters.map((f) => f.value)).toEqual(['Research', 'London', null]);
    // The options stay those of everyone, so another value can be chosen.
    expect(both.filters[0]!.options).toHaveLength(3);
  });

  it('matches a number stored as a number by the text of it', async () => {
    await storeNetworkSettings(t.database.db, networkId, {
      ...SETTINGS,
      directory_filter_profile_fields: [...SETTINGS.directory_filter_profile_fields, 'room'],
    });
    try {
      const result = await listed({ 'filter[room]': '42' });
      expect(keysOf(result)).toEqual(['alan']);
      expect(result.filters[3]).toMatchObject({ field: 'room', value: '42' });
    } finally {
      await storeNetworkSettings(t.database.db, networkId, SETTINGS);
    }
  });

  it('offers a chosen value nobody has, and finds nobody', async () => {
    const result = await listed({ 'filter[department]': 'Legal' });
    expect(result.members).toEqual([]);
    expect(result.total).toBe(0);
    expect(result.filters[0]!.options).toContainEqual({ value: 'Legal', count: 0 });
  });

  it('ignores filters on fields the network does not filter by, and empty ones', async () => {
    // position is shown but not a filter; room neither.
    expect((await listed({ 'filter[position]': 'Analyst' })).total).toBe(7);
    expect((await listed({ 'filter[room]': '42' })).total).toBe(7);
    expect((await listed({ 'filter[department]': ' ' })).total).toBe(7);
    expect((await listed({ department: 'Sales' })).total).toBe(7);
  });

  it('searches by the beginning of the names, best match first, together with filters', async () => {
    expect(keysOf(await listed({ q: 'lo' }))).toEqual(['ada']);
    expect(keysOf(await listed({ q: 'a' }))).toEqual(['zoe', 'alan', 'ada']);
    expect(keysOf(await listed({ q: 'al', 'filter[location]': 'London' }))).toEqual(['alan']);
    expect(keysOf(await listed({ q: 'hopper grace' }))).toEqual(['grace']);
    expect((await listed({ q: 'locked' })).members).toEqual([]);
    expect((await listed({ q: '%' })).members).toEqual([]);
  });

  it('pages through the members, with the total on every page, also past the end', async () => {
    for (let i = 1; i <= DIRECTORY_MEMBERS_PER_PAGE; i++) {
      await person(`page${i}`, { firstName: 'Pagina', lastName: `Seitenweise ${String(i).padStart(2, '0')}` });
    }
    const first = await listed({ q: 'pagina' });
    expect(first.members).toHaveLength(DIRECTORY_MEMBERS_PER_PAGE);
    expect(first.total).toBe(DIRECTORY_MEMBERS_PER_PAGE);
    const all = await listed();
    const second = await listed({ page: '2' });
    expect(all.total).toBe(7 + DIRECTORY_MEMBERS_PER_PAGE);
    expect(second.members).toHaveLength(7);
    expect(second.total).toBe(all.total);
    expect(new Set([...all.members, ...second.members].map((m) => m.id)).size).toBe(all.total);
    const beyond = await listed({ page: '9' });
    expect(beyond.members).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it('lists a page in a fixed number of statements', async () => {
    const statements = await statementsDuring(t.database, () => listed({ 'filter[department]': 'Engineering' }));
    // The session, the network, the page with its total, the filter options.
    expect(statements.filter((s) => /memberships/.test(s)).length).toBeLessThanOrEqual(4);
  });

  it('never lists locked members, also not to an administrator', async () => {
    const admin = await signedInMember(t.app, t.services, networkId, {
      admin: true,
      firstName: 'Anna',
      lastName: 'Admin',
    });
    const result = await listed({ 'filter[department]': 'Engineering' }, admin.session);
    expect(keysOf(result)).not.toContain('locked');
    expect((await listed({ q: 'lothar' }, admin.session)).total).toBe(0);
  });

  it('shows a guest the members as the member policy lets them: everyone who is not locked', async () => {
    const guest = await signedInMember(t.app, t.services, networkId, {
      external: true,
      firstName: 'Gustav',
      lastName: 'Gast',
    });
    const result = await listed({ 'filter[department]': 'Research' }, guest.session);
    expect(keysOf(result)).toEqual(['alan', 'hedy']);
  });

  describe('of a group (group_slug)', () => {
    let open: { slug: string };
    let hidden: { slug: string };
    beforeAll(async () => {
      const created = await t.services.groups.createGroups(networkId, [
        { groupCategoryId: categoryId, slug: 'research-team', name: 'Research Team', access: 'open' },
        { groupCategoryId: categoryId, slug: 'secret', name: 'Secret', access: 'hidden' },
      ]);
      [open, hidden] = [created[0]!, created[1]!];
      await t.services.groups.addMembers(networkId, [
        { groupId: created[0]!.id, membershipId: ids.hedy!, role: 'admin' },
        { groupId: created[0]!.id, membershipId: ids.ada! },
        { groupId: created[0]!.id, membershipId: ids.locked! },
        { groupId: created[1]!.id, membershipId: ids.grace! },
      ]);
    });

    it("lists only the group's members, with filters offered from them", async () => {
      const result = await listed({ group_slug: open.slug });
      expect(keysOf(result)).toEqual(['hedy', 'ada']);
      expect(result.group).toEqual({ id: expect.any(String), slug: 'research-team', name: 'Research Team' });
      expect(result.filters[0]!.options).toEqual([
        { value: 'Engineering', count: 1 },
        { value: 'Research', count: 1 },
      ]);
      expect(keysOf(await listed({ group_slug: open.slug, 'filter[department]': 'Research' }))).toEqual(['hedy']);
    });

    it('answers 404 for a hidden group to an outsider, an unknown or a foreign group', async () => {
      for (const slug of [hidden.slug, 'nothing-here']) {
        const response = await list({ group_slug: slug });
        expect(response.statusCode, slug).toBe(404);
        expect(response.json()).toEqual({ error: 'not_found' });
      }
      const foreign = await signedInMember(t.app, t.services, otherNetworkId, {}, 'other.test');
      expect((await list({ group_slug: open.slug }, foreign.session)).statusCode).toBe(404);
    });

    it("lists a hidden group's members to a network administrator", async () => {
      const admin = await signedInMember(t.app, t.services, networkId, { admin: true });
      expect(keysOf(await listed({ group_slug: hidden.slug }, admin.session))).toEqual(['grace']);
    });
  });

  it('leaves the JSON of the pickers at /members as it was', async () => {
    const picker = await t.app.inject({ url: '/members', query: { q: 'ada' }, headers: member.session.headers });
    expect(Object.keys(picker.json())).toEqual(['members', 'total', 'limit', 'offset']);
  });
});
