import type { SearchModule } from '@agora/contracts';
import type { Db } from '../db/client.ts';
import type { Events, ProcessorContext, StoredEvent } from '../events/index.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { SearchDriver, SearchRef } from './driver.ts';
import { searchConfigFor, type SearchConfig } from './language.ts';
import { createPostgresDriver } from './postgres-driver.ts';
import { searchProcessor, type SourceIds } from './processor.ts';
import { runSearch, type SearchAsked } from './query.ts';
import { createSearchRegistry } from './registry.ts';
import type { Actor, NetworkContext } from '../policy/actor.ts';

export type SearchServiceOptions = {
  /** The database engine: PostgreSQL's planner gets settings of its own for the search statement. */
  engine?: 'pglite' | 'postgres';
  db: Db;
  events: Events;
  jobs: Jobs;
  /** Another engine's index; the PostgreSQL tables otherwise. */
  driver?: SearchDriver;
};

/** A full reindex reads each source this many documents at a time. */
export const REINDEX_BATCH = 500;
const REINDEX_QUEUE = 'search.reindex';

/** What a reindex wrote and removed, by module. */
export type ReindexCounts = Partial<Record<SearchModule, { indexed: number; removed: number }>>;

/**
 * Global search: the modules' sources (registered by the loader), the index they are kept in
 * (by one event processor) and the search call. Modules describe documents and access keys;
 * how they are stored and queried is the driver's.
 */
export function createSearchService(options: SearchServiceOptions) {
  const { db, events, jobs } = options;
  const driver = options.driver ?? createPostgresDriver(db, options.engine ?? 'pglite');
  const registry = createSearchRegistry();
  let readLanguage: (networkId: string) => Promise<string> = async () => 'simple';
  let languageChangedBy: Record<string, (event: StoredEvent) => boolean> = {};
  let processorRegistered = false;

  const configOf = async (networkId: string): Promise<SearchConfig> => searchConfigFor(await readLanguage(networkId));

  /** Loads the documents and writes them: those a source no longer answers leave the index. */
  async function reload(
    networkId: string,
    changed: SourceIds[],
    transaction: ProcessorContext['transaction'] = (fn) => db.transaction(fn),
  ): Promise<void> {
    const [config, loaded] = await Promise.all([
      configOf(networkId),
      Promise.all(changed.map(({ source, ids }) => source.load(networkId, ids))),
    ]);
    const docs = loaded.flat().filter((doc) => doc.networkId === networkId);
    const found = new Set(docs.map((doc) => `${doc.module}:${doc.id}`));
    const gone: SearchRef[] = changed.flatMap(({ source, ids }) =>
      ids.filter((id) => !found.has(`${source.module}:${id}`)).map((id) => ({ module: source.module, id })),
    );
    await transaction(async (tx) => {
      await driver.upsert(docs, config, tx);
      await driver.remove(networkId, gone, tx);
    });
  }

  async function reindex(networkId: string, modules?: SearchModule[]): Promise<ReindexCounts> {
    const config = await configOf(networkId);
    const counts: ReindexCounts = {};
    for (const source of registry.sources()) {
      if (modules && !modules.includes(source.module)) continue;
      const started = await driver.now();
      let indexed = 0;
      let afterId: string | null = null;
      for (;;) {
        const docs = await source.scan(networkId, afterId, REINDEX_BATCH);
        if (docs.length === 0) break;
        await driver.upsert(docs, config);
        indexed += docs.length;
        afterId = docs[docs.length - 1]!.id;
        if (docs.length < REINDEX_BATCH) break;
      }
      // What the scan did not see (written before it began) is gone from the module.
      const removed = await driver.removeIndexedBefore(networkId, source.module, started);
      counts[source.module] = { indexed, removed };
      await source.reindexed?.(networkId);
    }
    return counts;
  }

  jobs.work<{ networkId: string; modules?: SearchModule[] }>(REINDEX_QUEUE, async (job) => {
    await reindex(job.data.networkId, job.data.modules);
  });

  return {
    ...registry,

    /**
     * How to read a network's language (the networks module hands it over), and by event type
     * whether an event changed it: the network's documents are then stemmed anew.
     */
    useNetworkLanguage(
      read: (networkId: string) => Promise<string>,
      changedBy: Record<string, (event: StoredEvent) => boolean> = {},
    ): void {
      readLanguage = read;
      languageChangedBy = changedBy;
    },

    /** Registers the index's event processor, once every module has registered its sources. */
    registerProcessor(): void {
      if (processorRegistered) return;
      processorRegistered = true;
      events.register(
        searchProcessor({
          sources: () => registry.sources(),
          languageChangedBy: () => languageChangedBy,
          reload,
          scheduleReindex: async (networkId, modules) => {
            const key = modules ? `${networkId}:${[...modules].sort().join(',')}` : networkId;
            await jobs.send(
              REINDEX_QUEUE,
              { networkId, ...(modules ? { modules } : {}) },
              { singletonKey: key, retryLimit: 5, retryBackoff: true },
            );
          },
        }),
      );
    },

    /** Indexes some documents of a module anew (what the processor does for an event), for jobs and seeds. */
    async refresh(networkId: string, module: SearchModule, ids: string[]): Promise<void> {
      const source = registry.source(module);
      if (!source || ids.length === 0) return;
      await reload(networkId, [{ source, ids: [...new Set(ids)] }]);
    },

    /** Indexes every document of a network (or of some modules) anew; what no source answers is removed. */
    reindex,

    /** The search call: one module's page, or the overview of every module. */
    search(actor: Actor, network: Pick<NetworkContext, 'id' | 'language'>, asked: SearchAsked) {
      return runSearch({ registry, driver }, actor, network, asked);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
