import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS, type SearchResponse } from '@agora/contracts';
import { countQueries } from '../../testing/query-counter.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let member: Session;
let outsider: Session;
let guest: Session;
let networkId: string;

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });
const search = async (session: Session, url: string) => {
  const response = await get(session, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResponse>();
};

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const [m, o, g] = [
    await signedInMember(t.app, t.services, networkId),
    await signedInMember(t.app, t.services, networkId),
    await signedInMember(t.app, t.services, networkId, { external: true }),
  ];
  [member, outsider, guest] = [m.session, o.session, g.session];
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [, council] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'rowing', name: 'Rowing team', teaser: 'We rowed the river' },
    { groupCategoryId: category!.id, slug: 'council', name: 'Rowing council', access: 'hidden' },
    // English stemming leaves the German plural as it is: found by "Haus" once the network speaks German.
    { groupCategoryId: category!.id, slug: 'river', name: 'Die Häuser am Fluss' },
  ]);
  await t.services.groups.addMembers(networkId, [{ groupId: council!.id, membershipId: m.membership.id }]);
  // The index follows the groups' events.
  await t.services.events.settled();
});
afterAll(() => t.close());

describe('GET /search', () => {
  it('answers the overview of every module: the first hits, each total, the orders in the member’s language', async () => {
    const found = await search(member, '/search.json?q=rowing');
    expect(Object.keys(found).length).toBeGreaterThan(0);
    for (const result of Object.values(found)) {
      expect(result).toMatchObject({ per: SEARCH_LIMITS.overviewPer, page: 1, sort_by: 'relevance' });
      expect(result.available_sorts).toEqual([
        { key: 'relevance', label: 'Relevance' },
        { key: 'newest', label: 'Newest' },
      ]);
    }
    expect(found.groups_query?.hits.map((hit) => hit.name).sort()).toEqual(['Rowing council', 'Rowing team']);
    expect(found.groups_query?.total).toBe(2);
  });

  it('finds words in their other forms and marks them, and never what the member may not see', async () => {
    const found = await search(outsider, '/search.json?q=rows&module=groups&sort_by=newest');
    expect(found.groups_query).toMatchObject({ total: 1, per: SEARCH_LIMITS.per, sort_by: 'newest' });
    const [hit] = found.groups_query!.hits;
    expect(hit?.name).toBe('Rowing team');
    expect(found.groups_query?.meta.highlight[hit!.id]).toMatchObject({ title: ['<mark>Rowing</mark> team'] });
    expect(Object.keys(found)).toEqual(['groups_query']);
  });

  it('sends a fixed number of statements, whatever the number of hits', async () => {
    const statements = async (q: string) => {
      await get(member, '/api/v1/session');
      const counted = await countQueries(t.database, async () => {
        expect((await get(member, `/search.json?q=${q}`)).statusCode).toBe(200);
      });
      return counted.count;
    };
    // Nothing found, and several modules' hits: the page and the totals in one statement (on
    // PostgreSQL one per module, each a transaction of four statements, run side by side), the
    // highlights in one, each module's keys and presentation in a batch.
    const none = await statements('zzzz');
    const some = await statements('rowing');
    expect(none).toBeLessThanOrEqual(t.database.kind === 'postgres' ? 20 + 7 * 3 : 20);
    expect(some - none).toBeLessThanOrEqual(8);
  });

  it('lets guests search, with fewer keys', async () => {
    const found = await search(guest, '/search.json?q=rowing');
    expect(found.groups_query).toMatchObject({ hits: [], total: 0 });
  });

  it('pages beyond the hits with the total kept', async () => {
    const found = await search(member, '/search.json?q=rowing&module=groups&page=2');
    expect(found.groups_query).toMatchObject({ hits: [], total: 2, page: 2 });
  });

  it('answers empty results for punctuation and stop words, 422 without a query', async () => {
    for (const q of ['!!!', '"', 'the and of', '%_', "'&|:*"]) {
      const found = await search(member, `/search.json?q=${encodeURIComponent(q)}`);
      for (const result of Object.values(found)) expect(result.total, q).toBe(0);
    }
    expect((await get(member, '/search.json')).statusCode).toBe(422);
    expect((await get(member, '/search.json?q=%20%20')).statusCode).toBe(422);
    expect((await get(member, `/search.json?q=${'a'.repeat(SEARCH_LIMITS.queryMax + 1)}`)).statusCode).toBe(422);
  });

  it('is for signed-in members only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/search.json?q=rowing' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /groups/{slug}/search', () => {
  it('finds only what belongs to the group', async () => {
    const found = await search(member, '/groups/council/search.json?q=rowing');
    expect(found.groups_query?.hits.map((hit) => hit.name)).toEqual(['Rowing council']);
  });

  it('is a 404 for a hidden group the member does not belong to, and for no group', async () => {
    expect((await get(outsider, '/groups/council/search.json?q=rowing')).statusCode).toBe(404);
    expect((await get(member, '/groups/nothing/search.json?q=rowing')).statusCode).toBe(404);
  });
});

describe('a change of the network’s language', () => {
  it('has its texts indexed anew, stemmed in the new language', async () => {
    const found = async () =>
      (await search(member, '/search.json?q=Haus&module=groups')).groups_query?.hits.map((hit) => hit.name);
    expect(await found()).toEqual([]);
    await t.services.networks.updateSettings(networkId, {}, null, { language: 'de' });
    await t.services.events.settled();
    await t.services.jobs.settled();
    expect(await found()).toEqual(['Die Häuser am Fluss']);
  });
});
