// The search benchmark's measurements (bench/search.ts): a world of documents in the index
// (bench-search-world.ts), kept on PostgreSQL in a database named for the benchmark so that a
// rerun does not write it again; indexing throughput through the driver's upsert; and 200
// queries of one to three words, asked in turn by four members with different keys, through the
// search service's query function (runSearch: the driver's query, then its highlights) for the
// overview, one module's first page and a later one, p50 and p99.
import type { SearchModule } from '@agora/contracts';
import { SEARCH_MODULES } from '@agora/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../platform/db/client.ts';
import type { Actor } from '../platform/policy/actor.ts';
import type { SearchDriver } from '../platform/search/driver.ts';
import { createPostgresDriver, PART_SETTINGS } from '../platform/search/postgres-driver.ts';
import { runSearch, type SearchAsked } from '../platform/search/query.ts';
import { createSearchRegistry } from '../platform/search/registry.ts';
import type { SearchDocument } from '../platform/search/types.ts';
import { admin, openScratchDatabase } from './bench-app.ts';
import { FIRST_NAMES, LAST_NAMES, searchVocabulary } from './bench-search-words.ts';
import {
  groupId,
  memberId,
  SEARCH_BENCH_GROUPS,
  SEARCH_BENCH_NETWORK,
  writeSearchWorld,
  worldShape,
  type SearchWorld,
} from './bench-search-world.ts';

/** Bumped when the world's generator changes: a kept database of another version is written anew. */
const WORLD_VERSION = 1;
const KEPT_DATABASE = 'agora_bench_search';

export type SearchQueryKind = 'rare' | 'common' | 'mixed' | 'three words' | 'name prefix';
export type SearchPageFigure = {
  name: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Queries PostgreSQL cancelled after the timeout. */
  timeouts: number;
  /** p99 by kind of query. */
  byKind: Record<string, number>;
  /** The slowest query and who asked it. */
  slowest: string;
};

export type SearchFigures = {
  database: 'PGlite' | 'PostgreSQL';
  documents: number;
  byModule: SearchWorld['byModule'];
  /** Writing the world (0 when a kept one was reused). */
  generateMs: number;
  reused: boolean;
  indexing: { documents: number; ms: number; perSecond: number };
  pages: SearchPageFigure[];
  /** EXPLAIN ANALYZE of the slowest query, when its p99 missed the target. */
  plan?: string[];
};

type Asker = { name: string; keys: string[] };

/** Every key of a group's member in the group's modules. */
const groupKeys = (g: number) =>
  ['activities', 'files', 'folders']
    .map((m) => `${m}:group:${groupId(g)}`)
    .concat(`appointments:calendar:${groupId(g)}`, `groups:group:${groupId(g)}`);
const memberKeys = (m: number) => [
  `messages:member:${memberId(m)}`,
  `appointments:calendar:${memberId(m)}`,
  `files:member:${memberId(m)}`,
  `folders:member:${memberId(m)}`,
];
const networkKeys = ['activities', 'appointments', 'memberships', 'groups'].map((m) =>
  m === 'appointments' ? `appointments:calendar:${SEARCH_BENCH_NETWORK}` : `${m}:network:${SEARCH_BENCH_NETWORK}`,
);
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** The askers: a member of many groups, of few, a guest in one group, a network administrator. */
export const SEARCH_ASKERS: Asker[] = [
  { name: 'member of 60 groups', keys: [...networkKeys, ...memberKeys(1), ...range(1, 180, 3).flatMap(groupKeys)] },
  { name: 'member of 3 groups', keys: [...networkKeys, ...memberKeys(5000), ...[2, 50, 150].flatMap(groupKeys)] },
  { name: 'guest in 1 group', keys: [...memberKeys(9999), ...groupKeys(120)] },
  {
    name: 'network admin',
    keys: [...networkKeys, ...memberKeys(2), ...range(1, SEARCH_BENCH_GROUPS).flatMap(groupKeys)],
  },
];

/** A small deterministic generator (mulberry32): the same 200 queries every run. */
function lcg(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** 200 queries: rare words, common ones, mixes of two and three, and prefixes of names. */
export function searchQueries(): Array<{ q: string; kind: SearchQueryKind }> {
  const vocabulary = searchVocabulary();
  const pick = lcg(7);
  const rare = () => vocabulary[1500 + pick(vocabulary.length - 1500)]!;
  // The first words are stop words: common words start after them.
  const common = () => vocabulary[6 + pick(60)]!;
  const middle = () => vocabulary[100 + pick(400)]!;
  const names = [...LAST_NAMES, ...FIRST_NAMES];
  const out = new Map<string, SearchQueryKind>();
  const add = (count: number, kind: SearchQueryKind, make: () => string) => {
    for (let tries = 0, added = 0; added < count && tries < count * 20; tries++) {
      const q = make();
      if (!out.has(q)) {
        out.set(q, kind);
        added++;
      }
    }
  };
  add(60, 'rare', rare);
  add(40, 'common', common);
  add(40, 'mixed', () => `${common()} ${rare()}`);
  add(20, 'three words', () => `${common()} ${middle()} ${rare()}`);
  add(40, 'name prefix', () => {
    const name = names[pick(names.length)]!;
    return name.slice(0, 3 + pick(3));
  });
  return [...out].map(([q, kind]) => ({ q, kind }));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The world in the kept database when it is of this version and size; else written anew. */
async function openKeptWorld(
  adminUrl: string,
  documents: number,
  progress: (text: string) => void,
): Promise<{ database: Database; url: string; world: SearchWorld; generateMs: number; reused: boolean }> {
  const marker = `search world v${WORLD_VERSION}, ${documents} documents`;
  const probe = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  const found = (await probe.db.execute(sql`
    select shobj_description(oid, 'pg_database') as marker from pg_database where datname = ${KEPT_DATABASE}`)) as unknown as {
    rows: Array<{ marker: string | null }>;
  };
  await probe.close();
  const url = new URL(adminUrl);
  url.pathname = `/${KEPT_DATABASE}`;
  const reused = found.rows[0]?.marker === marker;
  if (!reused) {
    if (found.rows.length > 0) await admin(adminUrl, `DROP DATABASE ${KEPT_DATABASE} WITH (FORCE)`);
    await admin(adminUrl, `CREATE DATABASE ${KEPT_DATABASE}`);
  }
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await database.migrate();
  if (reused) return { database, url: url.toString(), world: worldShape(documents), generateMs: 0, reused };
  const started = performance.now();
  const world = await writeSearchWorld(database, documents, {
    progress: (done) => progress(`${done.toLocaleString('en')} of ${documents.toLocaleString('en')} documents`),
  });
  const generateMs = performance.now() - started;
  // Only a complete world is kept: a run stopped halfway writes it again.
  await admin(adminUrl, `COMMENT ON DATABASE ${KEPT_DATABASE} IS '${marker}'`);
  return { database, url: url.toString(), world, generateMs, reused };
}

/** Documents as a module's source would hand them to the index, for the indexing throughput. */
function indexingDocuments(count: number): SearchDocument[] {
  const vocabulary = searchVocabulary();
  const pick = lcg(11);
  const zipf = () =>
    Math.min(vocabulary.length, Math.floor(Math.exp((pick(1_000_000) / 1_000_000) * Math.log(vocabulary.length + 1))));
  const text = (n: number) => Array.from({ length: n }, () => vocabulary[zipf() - 1]!).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    module: 'activities' as const,
    id: `indexing-${i}`,
    networkId: SEARCH_BENCH_NETWORK,
    groupId: groupId(1 + (i % SEARCH_BENCH_GROUPS)),
    access: [`activities:group:${groupId(1 + (i % SEARCH_BENCH_GROUPS))}`],
    title: '',
    content: text(8 + (i % 40)),
    language: 'network' as const,
    sortAt: new Date(),
  }));
}

/** Rethrows what is not PostgreSQL cancelling a statement after its timeout. */
function ignoreTimeout(error: unknown): void {
  const failed = error as { cause?: { code?: string }; code?: string };
  if ((failed.cause?.code ?? failed.code) !== '57014') throw error;
}

/**
 * A Db that remembers the first statement it ran since `reset`, also in a transaction, besides
 * a module part's settings (to explain the slowest query afterwards: on PostgreSQL its first
 * module's part).
 */
function recording(db: Db): { db: Db; reset: () => void; first: () => SQL | null } {
  let first: SQL | null = null;
  const wrap = (inner: Db): Db =>
    new Proxy(inner, {
      get(target, property, receiver) {
        if (property === 'execute')
          return (query: SQL) => {
            if (query !== PART_SETTINGS) first ??= query;
            return target.execute(query);
          };
        if (property === 'transaction')
          return (run: (tx: Db) => Promise<unknown>) => target.transaction((tx) => run(wrap(tx as unknown as Db)));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  return { db: wrap(db), reset: () => (first = null), first: () => first };
}

/**
 * The search service's query function (`runSearch`) over the index, with a source per module
 * whose keys are those the asker was given (the modules' own sources read them from worlds this
 * benchmark does not write) and whose hits are their ids: what is measured is the index.
 */
function benchSearch(driver: SearchDriver) {
  const registry = createSearchRegistry();
  const keysOf = new Map(SEARCH_ASKERS.map((asker, i) => [`asker-${i}`, asker.keys]));
  for (const module of SEARCH_MODULES)
    registry.register({
      module,
      changedBy: {},
      load: async () => [],
      scan: async () => [],
      accessKeys: async (actor) => (keysOf.get(actor.membershipId) ?? []).filter((k) => k.startsWith(`${module}:`)),
      present: async (_actor, ids) => ids.map((id) => ({ id }) as never),
    });
  const network = { id: SEARCH_BENCH_NETWORK, language: 'de' };
  return (asker: Asker, asked: SearchAsked) => {
    const i = SEARCH_ASKERS.indexOf(asker);
    const actor: Actor = {
      userId: `user-${i}`,
      membershipId: `asker-${i}`,
      networkId: SEARCH_BENCH_NETWORK,
      isNetworkAdmin: asker.name === 'network admin',
      isExternal: asker.name.startsWith('guest'),
      locale: 'de',
      sessionId: `session-${i}`,
    };
    return runSearch({ registry, driver }, actor, network, asked);
  };
}

/**
 * The search benchmark on one database: PGlite in a temporary folder (a world of
 * `documents`, removed afterwards) or, with `adminUrl`, the kept database on that PostgreSQL server.
 */
export async function measureSearch(options: {
  documents: number;
  indexing: number;
  adminUrl?: string;
  /** p99 above this makes the run explain its slowest query. */
  targetMs: number;
  /** PostgreSQL cancels a query after this long (counted as a timeout). */
  timeoutMs: number;
  progress?: (text: string) => void;
}): Promise<SearchFigures> {
  const progress = options.progress ?? (() => {});
  let database: Database;
  let close: () => Promise<void>;
  let world: SearchWorld;
  let generateMs: number;
  let reused = false;
  if (options.adminUrl) {
    const kept = await openKeptWorld(options.adminUrl, options.documents, progress);
    ({ world, generateMs, reused } = kept);
    await kept.database.close();
    // Measured with a statement timeout: a query that takes longer counts as timed out (and as
    // that long), so that a slow query shape cannot hold the run for hours.
    const url = new URL(kept.url);
    url.searchParams.set('options', `-c statement_timeout=${options.timeoutMs}`);
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    close = () => database.close();
  } else {
    const scratch = await openScratchDatabase('search');
    database = scratch.database;
    close = () => scratch.close();
    const started = performance.now();
    world = await writeSearchWorld(database, options.documents, {
      progress: (done) =>
        progress(`${done.toLocaleString('en')} of ${options.documents.toLocaleString('en')} documents`),
    });
    generateMs = performance.now() - started;
  }
  try {
    const recorder = recording(database.db);
    // As the server runs it on each engine (on PostgreSQL the modules' parts side by side).
    const driver = createPostgresDriver(recorder.db, database.kind === 'postgres' ? 'postgres' : 'pglite');

    // Indexing: new documents through the driver's upsert, in the batches a reindex writes; removed again.
    const docs = indexingDocuments(options.indexing);
    const batch = 500;
    const indexingStarted = performance.now();
    for (let from = 0; from < docs.length; from += batch) await driver.upsert(docs.slice(from, from + batch), 'german');
    const indexingMs = performance.now() - indexingStarted;
    progress(`indexed ${docs.length} documents`);
    for (let from = 0; from < docs.length; from += 5000)
      await driver.remove(
        SEARCH_BENCH_NETWORK,
        docs.slice(from, from + 5000).map((doc) => ({ module: doc.module, id: doc.id })),
      );

    const queries = searchQueries();
    const search = benchSearch(driver);
    const shapes: Array<{ name: string; module?: SearchModule; page: number }> = [
      { name: 'overview (every module)', page: 1 },
      { name: 'activities, page 1', module: 'activities', page: 1 },
      { name: 'activities, page 5', module: 'activities', page: 5 },
    ];
    // A few queries first, so that the caches hold the index as a running server's do.
    for (const { q } of queries.slice(0, 20))
      await search(SEARCH_ASKERS[0]!, { q, page: 1, sort_by: 'relevance' }).catch(ignoreTimeout);

    const pages: SearchPageFigure[] = [];
    let slowestOverall: { ms: number; statement: SQL | null } = { ms: 0, statement: null };
    for (const shape of shapes) {
      const times: number[] = [];
      let timeouts = 0;
      const byKind = new Map<string, number[]>();
      let slowest = { ms: 0, what: '' };
      // Each query by one of the askers in turn: 50 queries each, of every kind.
      for (const [i, { q, kind }] of queries.entries()) {
        const asker = SEARCH_ASKERS[i % SEARCH_ASKERS.length]!;
        recorder.reset();
        const at = performance.now();
        try {
          await search(asker, { q, module: shape.module, page: shape.page, sort_by: 'relevance' });
        } catch (error) {
          ignoreTimeout(error);
          timeouts++;
        }
        const ms = performance.now() - at;
        times.push(ms);
        byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
        if (ms > slowest.ms) slowest = { ms, what: `"${q}" by the ${asker.name} (${ms.toFixed(0)} ms)` };
        // The first statement is the query (the highlights follow).
        if (ms > slowestOverall.ms) slowestOverall = { ms, statement: recorder.first() };
      }
      times.sort((a, b) => a - b);
      pages.push({
        name: shape.name,
        requests: times.length,
        p50Ms: percentile(times, 0.5),
        p99Ms: percentile(times, 0.99),
        maxMs: times.at(-1)!,
        timeouts,
        byKind: Object.fromEntries(
          [...byKind].map(([kind, list]) => [
            kind,
            percentile(
              list.sort((a, b) => a - b),
              0.99,
            ),
          ]),
        ),
        slowest: slowest.what,
      });
      progress(`${shape.name}: ${times.length} queries`);
    }

    let plan: string[] | undefined;
    if (pages.some((p) => p.p99Ms > options.targetMs) && slowestOverall.statement) {
      const statement = slowestOverall.statement;
      // Explained to the end (within two minutes), however long the measured query took.
      const explained = await database.db.transaction(async (tx) => {
        if (database.kind === 'postgres') await tx.execute(sql`set local statement_timeout = '120s'`);
        return (await tx.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
          rows: Array<Record<string, string>>;
        };
      });
      // The keys make a line of thousands of characters: what matters is the plan's shape.
      plan = explained.rows
        .map((r) => Object.values(r)[0]!)
        .map((line) => (line.length > 300 ? `${line.slice(0, 300)} ...` : line));
    }
    return {
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      documents: world.documents,
      byModule: world.byModule,
      generateMs,
      reused,
      indexing: { documents: docs.length, ms: indexingMs, perSecond: docs.length / (indexingMs / 1000) },
      pages,
      ...(plan ? { plan } : {}),
    };
  } finally {
    await close();
  }
}
