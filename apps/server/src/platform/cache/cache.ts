import { LRUCache } from 'lru-cache';
import { afterCommit } from '../db/after-commit.ts';
import type { Db } from '../db/client.ts';
import type { EventInput } from '../events/types.ts';
import { createInvalidationBus } from './bus.ts';

/** What a region keeps under a key, and the invalidation keys that drop it. */
export type Loaded<V> = { value: V; keys: readonly string[] };

/** One kind of cached value (sessions, networks ...), bounded and timed on its own. */
export type CacheRegion<V> = {
  /**
   * The value under `key`, loaded when missing. `load` answers the value with the invalidation
   * keys it depends on, or null for nothing to keep (a miss is never kept).
   */
  get(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null>;
  /**
   * The values under `keys`, those missing loaded together by one call of `load` (one statement
   * for all of them). What `load` leaves out is missing from the answer and not kept.
   */
  getMany(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, Loaded<V>>>,
  ): Promise<Map<string, V>>;
  /** Drops one entry in this process only (it was found stale by its reader). */
  forget(key: string): void;
};

/** The invalidation keys an event of a type stands for. */
export type CacheInvalidation = (event: EventInput) => readonly string[];

export type Cache = ReturnType<typeof createCache>;

export type CacheOptions = {
  redisUrl?: string | undefined;
  redisKeyPrefix?: string | undefined;
  log?: { warn(details: object, message: string): void };
  /** The safety net: what a lost message leaves stale is dropped after this time. */
  ttlMs?: number;
  /** Off: other caches of this process hear of changes only through Redis (tests of that path). */
  inProcess?: boolean;
};

const DEFAULT_TTL_MS = 60_000;
/** Invalidations remembered for the loads that were under way when they came. */
const RECENT = 1024;

type Entry = { value: unknown; keys: readonly string[] };

/**
 * The per-process cache of what every request reads, and the bus that drops an entry in every
 * process when what it was made of changes. Entries are dropped by their invalidation keys
 * (`network:{id}`, `membership:{id}`, `session:{id}` ...): when a domain event of a type that a
 * module declared is recorded (at once here, and in every process after the commit) or when a
 * write without an event says so. Each entry also ends after the TTL.
 */
export function createCache(options: CacheOptions = {}) {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const log = options.log ?? { warn: () => {} };
  const regions: Array<{ drop(keys: ReadonlySet<string>): void; clear(): void }> = [];
  const invalidations = new Map<string, CacheInvalidation[]>();
  /** A counter of invalidations, and the last RECENT of them, for loads under way. */
  let generation = 0;
  const recent: Array<{ generation: number; keys: ReadonlySet<string> }> = [];

  function dropLocally(keys: readonly string[]) {
    if (keys.length === 0) return;
    const set = new Set(keys);
    generation += 1;
    recent.push({ generation, keys: set });
    if (recent.length > RECENT) recent.shift();
    for (const region of regions) region.drop(set);
  }

  function clearLocally() {
    generation += 1;
    // Every load under way is suspect: none of them is kept.
    recent.length = 0;
    for (const region of regions) region.clear();
  }

  /** Whether keys were invalidated after `since` (unknown when too long ago: yes). */
  function invalidatedSince(since: number, keys: readonly string[]): boolean {
    if (since === generation) return false;
    const oldest = recent[0];
    if (!oldest || oldest.generation > since + 1) return true;
    for (let i = recent.length - 1; i >= 0 && recent[i]!.generation > since; i--) {
      if (keys.some((k) => recent[i]!.keys.has(k))) return true;
    }
    return false;
  }

  const bus = createInvalidationBus({
    redisUrl: options.redisUrl,
    redisKeyPrefix: options.redisKeyPrefix,
    onKeys: dropLocally,
    onGap: clearLocally,
    log,
    ...(options.inProcess === false ? { inProcess: false } : {}),
  });

  return {
    region<V>(max: number): CacheRegion<V> {
      const byKey = new Map<string, Set<string>>();
      const entries = new LRUCache<string, Entry>({
        max,
        ttl,
        updateAgeOnGet: false,
        dispose: (entry, key) => {
          for (const k of entry.keys) {
            const holders = byKey.get(k);
            holders?.delete(key);
            if (holders?.size === 0) byKey.delete(k);
          }
        },
      });
      regions.push({
        drop(keys) {
          for (const k of keys) {
            const holders = byKey.get(k);
            if (!holders) continue;
            for (const key of [...holders]) entries.delete(key);
          }
        },
        clear: () => entries.clear(),
      });
      /** Keeps what a load that began at `started` read, unless its keys changed meanwhile. */
      function keep(key: string, loaded: Loaded<V>, started: number) {
        // What changed while it was read may be in it: used this once, not kept.
        if (invalidatedSince(started, loaded.keys)) return;
        entries.set(key, { value: loaded.value, keys: loaded.keys });
        for (const k of loaded.keys) {
          let holders = byKey.get(k);
          if (!holders) byKey.set(k, (holders = new Set()));
          holders.add(key);
        }
      }
      return {
        async get(key, load) {
          const hit = entries.get(key);
          if (hit) return hit.value as V;
          const started = generation;
          const loaded = await load();
          if (!loaded) return null;
          keep(key, loaded, started);
          return loaded.value;
        },
        async getMany(keys, load) {
          const found = new Map<string, V>();
          const missing: string[] = [];
          for (const key of keys) {
            const hit = entries.get(key);
            if (hit) found.set(key, hit.value as V);
            else if (!missing.includes(key)) missing.push(key);
          }
          if (missing.length === 0) return found;
          const started = generation;
          for (const [key, loaded] of await load(missing)) {
            keep(key, loaded, started);
            found.set(key, loaded.value);
          }
          return found;
        },
        forget: (key) => void entries.delete(key),
      };
    },

    /** Drops what depends on these keys here and in every other process, now. */
    invalidate(keys: readonly string[]): void {
      if (keys.length === 0) return;
      dropLocally(keys);
      bus.publish(keys);
    },

    /**
     * For a write in the transaction `tx`: drops the keys here at once (this process never serves
     * the old value), and again here and in every process once the transaction has committed
     * (a read made meanwhile may have kept the old one).
     */
    invalidateAfterCommit(tx: Db, keys: readonly string[]): void {
      if (keys.length === 0) return;
      dropLocally(keys);
      afterCommit(tx, () => {
        dropLocally(keys);
        bus.publish(keys);
      });
    },

    /** Declares that events of `type` invalidate the keys `keysOf` names (see module definitions). */
    register(type: string, keysOf: CacheInvalidation): void {
      invalidations.set(type, [...(invalidations.get(type) ?? []), keysOf]);
    },

    /** The invalidation keys of some events (those of types nobody declared have none). */
    keysOf(events: readonly EventInput[]): string[] {
      const keys = new Set<string>();
      for (const event of events) {
        for (const keysOf of invalidations.get(event.type) ?? []) for (const k of keysOf(event)) keys.add(k);
      }
      return [...keys];
    },

    /** The event types that invalidate something (tests, documentation). */
    invalidatingTypes(): string[] {
      return [...invalidations.keys()];
    },

    close: () => bus.close(),
  };
}
