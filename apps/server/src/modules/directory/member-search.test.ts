import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  TEST_PASSWORD,
  type MemberOptions,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let otherNetworkId: string;
let categoryId: string;
let member: { membership: { id: string }; session: Session };
const ids: Record<string, string> = {};

async function person(key: string, options: MemberOptions, inNetwork = networkId) {
  const { membership } = await createMember(t.services, inNetwork, options);
  ids[key] = membership.id;
  return membership;
}

let slugs = 0;
async function createGroup(values: { access?: 'open' | 'closed' | 'hidden' } = {}, memberKeys: string[] = []) {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `group-${++slugs}`, name: `Group ${slugs}`, ...values },
  ]);
  await t.services.groups.addMembers(
    networkId,
    memberKeys.map((key) => ({ groupId: group!.id, membershipId: ids[key]! })),
  );
  return group!;
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  otherNetworkId = (await createNetwork(t.services, { host: 'other.test' })).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Searching', lastName: 'Someone' });

  await person('grace', { firstName: 'Grace', lastName: 'Hopper' });
  await person('graceKelly', { firstName: 'Grace', lastName: 'Kelly' });
  await person('ada', { firstName: 'Ada', lastName: 'Lovelace' });
  await person('amazing', { firstName: 'Hedy', lastName: 'Lamarr', displayName: 'Amazing Hedy' });
  await person('hansPeter', { firstName: 'Hans-Peter', lastName: 'Müller' });
  await person('maxAlbers', { firstName: 'Max', lastName: 'Albers' });
  await person('maxByDisplay', { firstName: 'Maximilian', lastName: 'Zimmer', displayName: 'Max' });
  await person('paulZeller', { firstName: 'Paul', lastName: 'Zeller' });
  await person('mariaPaula', { firstName: 'Maria Paula', lastName: 'Aaron' });
  await person('gina', { firstName: 'Gina', lastName: 'Gast', external: true });
  await person('locked', { firstName: 'Grace', lastName: 'Locked', locked: true });
  await person('consumer', { firstName: 'Grace', lastName: 'Kundin', consumer: true });
  await person('percent', { firstName: 'Per', lastName: 'Cent' });
  for (let i = 1; i <= 5; i++) await person(`page${i}`, { firstName: 'Pagina', lastName: `Testerin ${i}` });
  await person('foreignGrace', { firstName: 'Grace', lastName: 'Elsewhere' }, otherNetworkId);
});
afterAll(() => t.close());

type Result = {
  members: Array<{ id: string; displayName: string; images: { small: string | null }; is_external: boolean }>;
  total: number;
  limit: number;
  offset: number;
};

function search(query: Record<string, string>, session: Session | null = member.session, path = '/members') {
  const headers = session ? session.headers : { accept: 'application/json' };
  return t.app.inject({ url: path, query, headers });
}

async function found(query: Record<string, string>, session?: Session): Promise<Result> {
  const response = await search(query, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Result>();
}

const keysOf = (result: Result) => result.members.map((m) => Object.keys(ids).find((key) => ids[key] === m.id));

describe('GET /members?q=', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await search({ q: 'grace' }, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('answers 422 for parameters out of range', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ q: 'grace', limit: '0' }, 'limit'],
      [{ q: 'grace', limit: '51' }, 'limit'],
      [{ q: 'grace', limit: 'many' }, 'limit'],
      [{ q: 'grace', offset: '-1' }, 'offset'],
      [{ q: 'grace', include_consumers: 'maybe' }, 'include_consumers'],
      [{ q: 'grace', exclude_group_members_of: 'not-an-id' }, 'exclude_group_members_of'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ];
    for (const [query, field] of cases) {
      const response = await search(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(query)).toEqual([field]);
    }
  });

  it('answers 404 when the group to leave out is unknown, hidden from the member or foreign', async () => {
    const hidden = await createGroup({ access: 'hidden' });
    const [otherCategory] = await t.services.groups.createCategories(otherNetworkId, [
      { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    ]);
    const [foreign] = await t.services.groups.createGroups(otherNetworkId, [
      { groupCategoryId: otherCategory!.id, slug: 'foreign', name: 'Foreign' },
    ]);
    for (const groupId of ['0123456789abcdef01234567', hidden.id, foreign!.id]) {
      const response = await search({ q: 'grace', exclude_group_members_of: groupId });
      expect(response.statusCode, groupId).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it('finds nothing with fewer than two characters, and says so with the paging', async () => {
    for (const q of ['', ' ', 'g', ' g ']) {
      expect(await found({ q })).toEqual({ members: [], total: 0, limit: 20, offset: 0 });
    }
  });

  it('finds members by the beginning of their first or last name, in any case', async () => {
    expect(keysOf(await found({ q: 'gra' }))).toEqual(['grace', 'graceKelly']);
    expect(keysOf(await found({ q: 'HOP' }))).toEqual(['grace']);
    expect(keysOf(await found({ q: 'lovelace' }))).toEqual(['ada']);
  });

  it('does not find by the middle of a name', async () => {
    expect((await found({ q: 'race' })).members).toEqual([]);
    expect((await found({ q: 'opper' })).members).toEqual([]);
  });

  it('finds "first last" and "last first" together, each word the start of a name', async () => {
    expect(keysOf(await found({ q: 'grace hop' }))).toEqual(['grace']);
    expect(keysOf(await found({ q: 'Hopper Grace' }))).toEqual(['grace']);
    expect(keysOf(await found({ q: 'gr ke' }))).toEqual(['graceKelly']);
    expect((await found({ q: 'grace lovelace' })).members).toEqual([]);
  });

  it('finds by display name and shows it', async () => {
    const result = await found({ q: 'amaz' });
    expect(result.members).toEqual([
      { id: ids.amazing, displayName: 'Amazing Hedy', images: { small: null }, is_external: false },
    ]);
    // The names behind the display name still find the member.
    expect(keysOf(await found({ q: 'lamarr' }))).toEqual(['amazing']);
  });

  it('treats the parts of a double name as words and matches umlauts in any case', async () => {
    expect(keysOf(await found({ q: 'peter' }))).toEqual(['hansPeter']);
    expect(keysOf(await found({ q: 'hans-pe' }))).toEqual(['hansPeter']);
    expect(keysOf(await found({ q: 'mü' }))).toEqual(['hansPeter']);
    expect(keysOf(await found({ q: 'MÜLL' }))).toEqual(['hansPeter']);
  });

  it('orders the whole name first, then names that begin with the query, then other word matches', async () => {
    // "Max" is Maximilian Zimmer's display name: an exact match, before Max Albers.
    expect(keysOf(await found({ q: 'max' }))).toEqual(['maxByDisplay', 'maxAlbers']);
    // Paul Zeller begins with "paul"; Maria Paula Aaron only has a word that does.
    expect(keysOf(await found({ q: 'paul' }))).toEqual(['paulZeller', 'mariaPaula']);
  });

  it('orders equal matches by last name, or by first name where the network sorts so', async () => {
    for (const [host, sort, expected] of [
      ['by-last.test', 'last_name', ['zoe', 'anton']],
      ['by-first.test', 'first_name', ['anton', 'zoe']],
    ] as const) {
      const network = await t.services.networks.create({
        name: host,
        host,
        settings: { directory_default_sort: sort },
      });
      const { session } = await signedInMember(t.app, t.services, network.id, {}, host);
      await person('zoe', { firstName: 'Zoe', lastName: 'Anders' }, network.id);
      await person('anton', { firstName: 'Anton', lastName: 'Zander' }, network.id);
      expect(keysOf(await found({ q: 'an' }, session)), sort).toEqual(expected);
    }
  });

  it('takes % and _ literally', async () => {
    expect((await found({ q: '%%' })).members).toEqual([]);
    expect((await found({ q: 'p_r' })).members).toEqual([]);
    expect((await found({ q: 'pe%' })).members).toEqual([]);
  });

  it('never lists locked members, not even to an administrator', async () => {
    const admin = await signedInMember(t.app, t.services, networkId, { admin: true });
    expect(keysOf(await found({ q: 'grace' }, admin.session))).not.toContain('locked');
    expect((await found({ q: 'locked' }, admin.session)).members).toEqual([]);
  });

  it('lists consumers only when asked to', async () => {
    expect(keysOf(await found({ q: 'kundin' }))).toEqual([]);
    expect(keysOf(await found({ q: 'kundin', include_consumers: 'false' }))).toEqual([]);
    expect(keysOf(await found({ q: 'kundin', include_consumers: 'true' }))).toEqual(['consumer']);
    expect(keysOf(await found({ q: 'grace', include_consumers: '1' }))).toEqual(['grace', 'graceKelly', 'consumer']);
  });

  it('flags guests', async () => {
    expect((await found({ q: 'gina' })).members).toEqual([
      { id: ids.gina, displayName: 'Gina Gast', images: { small: null }, is_external: true },
    ]);
  });

  it('leaves out the members of a group when asked to', async () => {
    const group = await createGroup({ access: 'closed' }, ['grace']);
    expect(keysOf(await found({ q: 'grace', exclude_group_members_of: group.id }))).toEqual(['graceKelly']);
    // A hidden group the searching member belongs to may be named.
    const hidden = await createGroup({ access: 'hidden' }, ['graceKelly']);
    await t.services.groups.addMembers(networkId, [{ groupId: hidden.id, membershipId: member.membership.id }]);
    expect(keysOf(await found({ q: 'grace', exclude_group_members_of: hidden.id }))).toEqual(['grace']);
  });

  it('pages through the matches with their total', async () => {
    const first = await found({ q: 'pagina', limit: '2' });
    expect(first).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(keysOf(first)).toEqual(['page1', 'page2']);
    expect(keysOf(await found({ q: 'pagina', limit: '2', offset: '2' }))).toEqual(['page3', 'page4']);
    expect(keysOf(await found({ q: 'pagina', limit: '2', offset: '4' }))).toEqual(['page5']);
    expect(await found({ q: 'pagina', limit: '2', offset: '10' })).toEqual({
      members: [],
      total: 5,
      limit: 2,
      offset: 10,
    });
  });

  it('limits to 20 by default', async () => {
    const many = await createNetwork(t.services, { host: 'many.test' });
    const { session } = await signedInMember(t.app, t.services, many.id, { firstName: 'Seeker' }, 'many.test');
    for (let i = 0; i < 23; i++)
      await createMember(t.services, many.id, { firstName: 'Crowd', lastName: `Person ${i}` });
    const result = await found({ q: 'crowd' }, session);
    expect(result.members).toHaveLength(20);
    expect(result.total).toBe(23);
  });

  it('never finds members of another network', async () => {
    expect(keysOf(await found({ q: 'elsewhere' }))).toEqual([]);
    const foreign = await signedInMember(t.app, t.services, otherNetworkId, {}, 'other.test');
    expect(keysOf(await found({ q: 'grace' }, foreign.session))).toEqual(['foreignGrace']);
  });

  it('answers with data to the .json suffix', async () => {
    const response = await t.app.inject({
      url: '/members.json?q=hopper',
      headers: { cookie: member.session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().members.map((m: { id: string }) => m.id)).toEqual([ids.grace]);
  });
});

describe('GET /groups/:slug/members?q=', () => {
  const searchIn = (slug: string, query: Record<string, string>, session: Session | null = member.session) =>
    search(query, session, `/groups/${slug}/members`);

  it('answers 401 to an anonymous request', async () => {
    const group = await createGroup();
    const response = await searchIn(group.slug, { q: 'grace' }, null);
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 for parameters out of range', async () => {
    const group = await createGroup();
    const response = await searchIn(group.slug, { q: 'grace', limit: '100' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { limit: ['too_long'] } });
  });

  it('answers 404 for an unknown group, a hidden one of others and one of another network', async () => {
    const hidden = await createGroup({ access: 'hidden' }, ['grace']);
    const foreign = await signedInMember(t.app, t.services, otherNetworkId, {}, 'other.test');
    for (const [slug, session] of [
      ['no-such-group', member.session],
      [hidden.slug, member.session],
      [hidden.slug, foreign.session],
    ] as const) {
      const response = await searchIn(slug, { q: 'grace' }, session);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it("finds only the group's members", async () => {
    const group = await createGroup({ access: 'closed' }, ['graceKelly', 'ada', 'locked']);
    const response = await searchIn(group.slug, { q: 'grace' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      members: [{ id: ids.graceKelly, displayName: 'Grace Kelly', images: { small: null }, is_external: false }],
      total: 1,
      limit: 20,
      offset: 0,
    });
  });

  it('searches a hidden group for its own members', async () => {
    const hidden = await createGroup({ access: 'hidden' }, ['ada']);
    await t.services.groups.addMembers(networkId, [{ groupId: hidden.id, membershipId: member.membership.id }]);
    const response = await searchIn(hidden.slug, { q: 'ada' });
    expect(response.statusCode).toBe(200);
    expect(keysOf(response.json())).toEqual(['ada']);
  });
});

describe('consumers', () => {
  it('cannot sign in, even with a password', async () => {
    const { user } = await createMember(t.services, networkId, {
      consumer: true,
      firstName: 'Carla',
      lastName: 'Contact',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email: user.email, password: TEST_PASSWORD } },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_credentials' });
  });
});
