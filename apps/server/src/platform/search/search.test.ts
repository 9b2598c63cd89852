import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEARCH_LIMITS } from '@agora/contracts';
import { openTestDatabase } from '../../testing/database.ts';
import type { Database } from '../db/client.ts';
import { createEvents, type Events } from '../events/index.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Actor } from '../policy/actor.ts';
import { fakeSource } from './fake-source.ts';
import { splitExclusions } from './postgres-driver.ts';
import { createSearchService, type SearchService } from './service.ts';

let database: Database;
let events: Events;
let search: SearchService;
const sent: Array<{ queue: string; data: unknown }> = [];
const activities = fakeSource('activities', { changedBy: ['note.saved', 'note.deleted'] });
const groups = fakeSource('groups');
const languages: Record<string, string> = { de: 'de', en: 'en' };

const actor = (membershipId: string, networkId = 'de'): Actor => ({
  userId: `u-${membershipId}`,
  membershipId,
  networkId,
  isNetworkAdmin: false,
  isExternal: false,
  locale: null,
  sessionId: 's',
});
const german = { id: 'de', language: 'de' };
const english = { id: 'en', language: 'en' };
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  database = await openTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  events = createEvents({ db: database.db, workers: 0 });
  const jobs = {
    work: () => {},
    send: async (queue: string, data: unknown) => {
      sent.push({ queue, data });
      return null;
    },
  } as unknown as Jobs;
  search = createSearchService({ db: database.db, events, jobs });
  search.register(activities);
  search.register(groups);
  search.useNetworkLanguage(async (id) => languages[id] ?? 'simple', {
    'network.settings_updated': (event) => event.changes.language === true,
  });
  search.registerProcessor();
  for (const member of ['anna', 'ben']) activities.grant(member, ['activities:all']);
  groups.grant('anna', ['groups:all']);
  activities.put(
    { id: 'a1', networkId: 'de', title: 'Die Häuser am Fluss', content: 'Ein Bericht über den Bau', sortAt: day(1) },
    { id: 'a2', networkId: 'de', title: '<b>Budget</b> & Plan', content: 'Das Budget für das Jahr', sortAt: day(2) },
    // Found by "Budget" too, but only in its text: ranked below a2, newer than it.
    { id: 'a3', networkId: 'de', title: 'Kantine', content: 'Auch das Budget der Kantine steigt', sortAt: day(3) },
    { id: 'secret', networkId: 'de', title: 'Budget geheim', access: ['activities:board'], sortAt: day(4) },
    { id: 'e1', networkId: 'en', title: 'Running the office', content: 'We ran and run', sortAt: day(1) },
  );
  groups.put({ id: 'g1', networkId: 'de', title: 'Familie Schmidt', language: 'simple', sortAt: day(1) });
  await search.reindex('de');
  await search.reindex('en');
});
afterAll(() => database.close());

describe('the search service', () => {
  it('finds German words in their other forms', async () => {
    const found = await search.search(actor('anna'), german, {
      q: 'Haus',
      module: 'activities',
      page: 1,
      sort_by: 'relevance',
    });
    expect(found.activities_query?.hits.map((hit) => hit.id)).toEqual(['a1']);
    expect(found.activities_query?.meta.highlight.a1?.title).toEqual(['Die <mark>Häuser</mark> am Fluss']);
  });

  it('finds English words in their other forms', async () => {
    const found = await search.search(actor('anna', 'en'), english, { q: 'run', page: 1, sort_by: 'relevance' });
    expect(found.activities_query?.hits.map((hit) => hit.id)).toEqual(['e1']);
    expect(found.activities_query?.total).toBe(1);
  });

  it('escapes the highlighted text and marks the words found', async () => {
    const found = await search.search(actor('anna'), german, {
      q: 'budget',
      module: 'activities',
      page: 1,
      sort_by: 'relevance',
    });
    expect(found.activities_query?.meta.highlight.a2).toEqual({
      title: ['&lt;b&gt;<mark>Budget</mark>&lt;/b&gt; &amp; Plan'],
      content: ['Das <mark>Budget</mark> für das Jahr'],
    });
  });

  it('sorts by relevance (title first) or newest, and leaves out what the member may not find', async () => {
    const asked = { q: 'budget', module: 'activities' as const, page: 1 };
    const relevance = await search.search(actor('anna'), german, { ...asked, sort_by: 'relevance' });
    expect(relevance.activities_query?.hits.map((hit) => hit.id)).toEqual(['a2', 'a3']);
    expect(relevance.activities_query?.total).toBe(2);
    const newest = await search.search(actor('anna'), german, { ...asked, sort_by: 'newest' });
    expect(newest.activities_query?.hits.map((hit) => hit.id)).toEqual(['a3', 'a2']);
    expect(newest.activities_query?.available_sorts).toEqual([
      { key: 'relevance', label: 'Relevanz' },
      { key: 'newest', label: 'Neueste' },
    ]);
  });

  it('leaves out what holds an excluded word, in any of its forms', async () => {
    // A text's body is indexed by its stems only: "neue" as `neu`.
    activities.put({ id: 'k1', networkId: 'de', title: 'Kaffee', content: 'Die neue Maschine', sortAt: day(5) });
    await search.reindex('de');
    const asked = { module: 'activities' as const, page: 1, sort_by: 'relevance' as const };
    const ids = async (q: string) =>
      (await search.search(actor('anna'), german, { ...asked, q })).activities_query?.hits.map((hit) => hit.id);
    expect(await ids('kaffee')).toEqual(['k1']);
    expect(await ids('kaffee -neue')).toEqual([]);
    expect(await ids('kaffee -"neue Maschine"')).toEqual([]);
    expect(await ids('kaffee -alte')).toEqual(['k1']);
    expect(await ids('budget -kaffee -jahr')).toEqual(['a3']);
    activities.drop('k1');
    await search.reindex('de');
  });

  it('reads as excluded only a term with a minus after a space or at the start', () => {
    expect(splitExclusions('-neue Budget-Plan -"das Jahr" --x')).toEqual({
      wanted: ' Budget-Plan  --x',
      excluded: ['neue', '"das Jahr"'],
    });
  });

  it('finds names by a part of them, in name modules only, for members holding their keys', async () => {
    const anna = await search.search(actor('anna'), german, { q: 'Schm', page: 1, sort_by: 'relevance' });
    expect(anna.groups_query?.hits.map((hit) => hit.id)).toEqual(['g1']);
    expect(anna.groups_query?.meta.highlight.g1?.title).toEqual(['Familie <mark>Schm</mark>idt']);
    const ben = await search.search(actor('ben'), german, { q: 'Schm', page: 1, sort_by: 'relevance' });
    expect(ben.groups_query).toMatchObject({ hits: [], total: 0 });
  });

  it('answers nothing, without failing, for stop words and punctuation', async () => {
    for (const q of ['!!! ??? ...', 'die und das', '"', '-', '&|!():*', "'", '\\']) {
      const found = await search.search(actor('anna'), german, { q, page: 1, sort_by: 'relevance' });
      expect(found.activities_query, q).toMatchObject({ hits: [], total: 0 });
    }
  });

  it('pages through many hits with their total', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      id: `p${String(i).padStart(2, '0')}`,
      networkId: 'de',
      title: `Protokoll ${i}`,
      sortAt: day(i + 1),
    }));
    activities.put(...many);
    await search.reindex('de', ['activities']);
    const asked = { q: 'Protokoll', module: 'activities' as const, sort_by: 'newest' as const };
    const first = await search.search(actor('anna'), german, { ...asked, page: 1 });
    const second = await search.search(actor('anna'), german, { ...asked, page: 2 });
    expect(first.activities_query).toMatchObject({ total: 25, per: SEARCH_LIMITS.per, page: 1 });
    expect(first.activities_query?.hits).toHaveLength(20);
    expect(second.activities_query?.hits.map((hit) => hit.id)).toEqual(['p04', 'p03', 'p02', 'p01', 'p00']);
    const overview = await search.search(actor('anna'), german, { q: 'Protokoll', page: 3, sort_by: 'newest' });
    expect(overview.activities_query).toMatchObject({ total: 25, per: SEARCH_LIMITS.overviewPer, page: 1 });
    expect(overview.activities_query?.hits).toHaveLength(SEARCH_LIMITS.overviewPer);
    expect(overview.groups_query).toMatchObject({ hits: [], total: 0 });
  });

  it('counts a common word up to the limit and says that there are more', async () => {
    const count = SEARCH_LIMITS.countMax + 3;
    activities.put(
      ...Array.from({ length: count }, (_, i) => ({
        id: `r${String(i).padStart(4, '0')}`,
        networkId: 'de',
        title: `Rundschreiben ${i}`,
        sortAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    await search.reindex('de', ['activities']);
    const found = await search.search(actor('anna'), german, { q: 'Rundschreiben', page: 1, sort_by: 'relevance' });
    expect(found.activities_query).toMatchObject({ total: SEARCH_LIMITS.countMax, total_capped: true });
    const newest = await search.search(actor('anna'), german, {
      q: 'Rundschreiben',
      module: 'activities',
      page: 2,
      sort_by: 'newest',
    });
    expect(newest.activities_query?.hits[0]?.id).toBe(`r${String(count - 1 - SEARCH_LIMITS.per).padStart(4, '0')}`);
    expect(newest.activities_query?.total_capped).toBe(true);
  });

  it('indexes what an event changed and removes what is gone, through its processor', async () => {
    const event = (type: string) => ({ networkId: 'de', type, subject: { type: 'note', id: 'n1' } });
    const find = async () =>
      (await search.search(actor('anna'), german, { q: 'Zeppelin', page: 1, sort_by: 'relevance' })).activities_query
        ?.total;
    activities.put({ id: 'n1', networkId: 'de', title: 'Der Zeppelin landet' });
    await events.transaction((tx) => events.record(tx, event('note.saved')));
    await events.settled();
    expect(await find()).toBe(1);
    activities.drop('n1');
    await events.transaction((tx) => events.record(tx, event('note.deleted')));
    await events.settled();
    expect(await find()).toBe(0);
  });

  it('indexes a network anew when its language changes', async () => {
    await events.transaction((tx) =>
      events.record(tx, {
        networkId: 'de',
        type: 'network.settings_updated',
        subject: { type: 'network', id: 'de' },
        changes: { language: true },
      }),
    );
    await events.settled();
    expect(sent).toEqual([{ queue: 'search.reindex', data: { networkId: 'de' } }]);
  });

  it('keeps text that PostgreSQL cannot store or would not index out', async () => {
    activities.put({ id: 'x1', networkId: 'de', title: 'Null\u0000Byte \ud800', content: 'Wort '.repeat(60_000) });
    await search.refresh('de', 'activities', ['x1']);
    const found = await search.search(actor('anna'), german, { q: 'Byte', page: 1, sort_by: 'relevance' });
    expect(found.activities_query?.hits.map((hit) => hit.id)).toEqual(['x1']);
  });
});
