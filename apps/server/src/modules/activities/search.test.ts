import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, SearchResponse } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { SearchSource } from '../../platform/search/index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { ACTIVITY_SEARCH_MAX_CHARS } from './search-source.ts';

let t: TestApp;
let networkId: string;
let generalId: string;

type Person = Awaited<ReturnType<typeof signedInMember>>;
let author: Person;
let outsider: Person;
let admin: Person;
let guest: Person;
let hidden: { id: string };
let open: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  generalId = await t.services.activities.defaultStreamId(networkId);
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
    signedInMember(t.app, t.services, networkId, options);
  [author, outsider, admin, guest] = [
    await person(),
    await person(),
    await person({ admin: true }),
    await person({ external: true }),
  ];
  const groups = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'hidden-team', name: 'Hidden team', access: 'hidden' },
    { groupCategoryId: category!.id, slug: 'open-team', name: 'Open team', access: 'open' },
  ]);
  [hidden, open] = [groups[0]!, groups[1]!];
  await t.services.groups.addMembers(networkId, [
    { groupId: hidden.id, membershipId: author.membership.id },
    { groupId: open.id, membershipId: author.membership.id },
    { groupId: open.id, membershipId: guest.membership.id },
  ]);
});
afterAll(() => t.close());

const inject = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const post = async (who: Person, content: string, streamIds: string[]) => {
  const response = await inject(who.session, 'POST', '/api/v1/activities', {
    activity: { content, activitystream_ids: streamIds },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Activity>();
};
const settled = () => t.services.events.settled();
const actorOf = (who: Person): Actor => t.services.members.actorFor(who.membership, '', null);
const source = () => t.services.search.source('activities') as SearchSource<'activities'>;

/** The member's activity results for a word, once the index has caught up. */
async function find(who: Person, q: string) {
  await settled();
  const response = await inject(who.session, 'GET', `/search.json?module=activities&q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<SearchResponse>().activities_query!;
  return { ids: result.hits.map((h) => h.id), total: result.total, hits: result.hits };
}

describe('the activities search source', () => {
  it('describes an activity by its streams: access keys by stream, the group it is in', async () => {
    const inHidden = await post(author, '<p>Keys of the hidden team</p>', [hidden.id]);
    const both = await post(author, '<p>Keys of the network and the open team</p>', [generalId, open.id]);
    const network = await post(author, '<p>Keys of the network</p>', [generalId]);
    const docs = await source().load(networkId, [inHidden.id, both.id, network.id, 'ffffffffffffffffffffffff']);
    const byId = new Map(docs.map((d) => [d.id, d]));
    expect(docs).toHaveLength(3);
    expect(byId.get(inHidden.id)).toMatchObject({
      access: [`activities:group:${hidden.id}`],
      groupId: hidden.id,
      title: '',
      content: 'Keys of the hidden team',
      language: 'network',
    });
    expect(byId.get(both.id)).toMatchObject({
      access: [`activities:network:${networkId}`, `activities:group:${open.id}`],
      groupId: open.id,
    });
    expect(byId.get(network.id)).toMatchObject({ access: [`activities:network:${networkId}`], groupId: null });
  });

  it('gives each member the keys of the streams they read', async () => {
    const keys = async (who: Person) => new Set(await source().accessKeys(actorOf(who)));
    const networkKey = `activities:network:${networkId}`;
    const [hiddenKey, openKey] = [`activities:group:${hidden.id}`, `activities:group:${open.id}`];
    expect(await keys(author)).toEqual(new Set([networkKey, hiddenKey, openKey]));
    // An open group's stream is read by every internal member; a hidden one's by its members alone.
    expect(await keys(outsider)).toEqual(new Set([networkKey, openKey]));
    // Network administrators read every group's content.
    expect(await keys(admin)).toEqual(new Set([networkKey, hiddenKey, openKey]));
    // Guests read their own groups only, never the network's streams.
    expect(await keys(guest)).toEqual(new Set([openKey]));
  });

  it('indexes replies and answers after the post, oldest first, bounded', async () => {
    const note = await post(author, '<p>A long discussion</p>', [generalId]);
    const long = 'filler '.repeat(Math.ceil(ACTIVITY_SEARCH_MAX_CHARS / 7)).trim();
    for (const text of ['First reply', long, 'Never indexed']) {
      const response = await inject(author.session, 'POST', `/api/v1/activities/${note.id}/replies`, {
        content: `<p>${text}</p>`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const [doc] = await source().load(networkId, [note.id]);
    expect(doc!.content.startsWith('A long discussion\n\nFirst reply\n\nfiller filler')).toBe(true);
    expect(doc!.content).toHaveLength(ACTIVITY_SEARCH_MAX_CHARS);
    expect(doc!.content).not.toContain('Never indexed');
  });

  it('presents the hits in the order asked, as the stream shows them, leaving out what the member cannot read', async () => {
    const inHidden = await post(author, '<p>Presented hidden</p>', [hidden.id]);
    const network = await post(author, '<p>Presented network</p>', [generalId]);
    const inOpen = await post(author, '<p>Presented open</p>', [open.id]);
    const ids = [inOpen.id, inHidden.id, network.id];
    expect((await source().present(actorOf(outsider), ids)).map((a) => a.id)).toEqual([inOpen.id, network.id]);
    const own = await source().present(actorOf(author), ids);
    expect(own.map((a) => a.id)).toEqual(ids);
    expect(own[0]!.i.can).toMatchObject({ update: true, destroy: true });
    expect((await source().present(actorOf(guest), ids)).map((a) => a.id)).toEqual([inOpen.id]);
  });

  it('scans a network in id order, a page at a time', async () => {
    const first = await source().scan(networkId, null, 2);
    expect(first).toHaveLength(2);
    expect(first[0]!.id < first[1]!.id).toBe(true);
    const next = await source().scan(networkId, first[1]!.id, 100);
    expect(next.every((d) => d.id > first[1]!.id)).toBe(true);
  });
});

describe('GET /search.json: activities', () => {
  it('never shows a hidden group post to a non-member, not even in the total', async () => {
    const activity = await post(author, '<p>Zebracorn sightings in the hidden team</p>', [hidden.id]);
    expect(await find(outsider, 'zebracorn')).toMatchObject({ ids: [], total: 0 });
    expect(await find(guest, 'zebracorn')).toMatchObject({ ids: [], total: 0 });
    expect((await find(author, 'zebracorn')).ids).toEqual([activity.id]);
    // Network administrators read every group's stream, so they find it too.
    expect((await find(admin, 'zebracorn')).ids).toEqual([activity.id]);
  });

  it('finds network posts for internal members only, and an open group post for its guest member', async () => {
    const network = await post(author, '<p>Quasarnet maintenance tonight</p>', [generalId]);
    const inOpen = await post(author, '<p>Gleamwort recipes for the open team</p>', [open.id]);
    expect((await find(outsider, 'quasarnet')).ids).toEqual([network.id]);
    expect(await find(guest, 'quasarnet')).toMatchObject({ ids: [], total: 0 });
    expect((await find(guest, 'gleamwort')).ids).toEqual([inOpen.id]);
    const [hit] = (await find(outsider, 'gleamwort')).hits;
    expect(hit).toMatchObject({ id: inOpen.id, html_url: `/activities/${inOpen.id}` });
    expect(hit!.i.can).toMatchObject({ update: false, destroy: false });
  });

  it('finds an edited post by its new word, not by the old one', async () => {
    const activity = await post(author, '<p>Marmalade planning</p>', [generalId]);
    expect((await find(outsider, 'marmalade')).ids).toEqual([activity.id]);
    const edited = await inject(author.session, 'PUT', `/api/v1/activities/${activity.id}`, {
      activity: { content: '<p>Porcupine planning</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await find(outsider, 'porcupine')).ids).toEqual([activity.id]);
    expect(await find(outsider, 'marmalade')).toMatchObject({ ids: [], total: 0 });
  });

  it('forgets a deleted post', async () => {
    const activity = await post(author, '<p>Vanishing lighthouse</p>', [generalId]);
    expect((await find(outsider, 'lighthouse')).ids).toEqual([activity.id]);
    expect((await inject(author.session, 'DELETE', `/api/v1/activities/${activity.id}`)).statusCode).toBe(204);
    expect(await find(outsider, 'lighthouse')).toMatchObject({ ids: [], total: 0 });
  });

  it('finds an activity by the words of its replies, and forgets a deleted reply', async () => {
    const activity = await post(author, '<p>What shall we bring?</p>', [generalId]);
    const response = await inject(outsider.session, 'POST', `/api/v1/activities/${activity.id}/replies`, {
      content: '<p>Pumpernickel for everyone</p>',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await find(author, 'pumpernickel')).ids).toEqual([activity.id]);
    const replyId = response.json<{ id: string }>().id;
    const removed = await inject(outsider.session, 'DELETE', `/api/v1/activities/${activity.id}/replies/${replyId}`);
    expect(removed.statusCode).toBe(204);
    expect(await find(author, 'pumpernickel')).toMatchObject({ ids: [], total: 0 });
  });
});
