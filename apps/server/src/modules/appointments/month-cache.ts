import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzip = promisify(gzipCallback);

/** A cached answer: its JSON, and the same gzipped, made on the first request that accepts it. */
export type CachedAnswer = { json: Buffer; gzip(): Promise<Buffer> };

export type MonthCacheOptions = { maxBytes: number; maxEntries: number };

export const MONTH_CACHE_DEFAULTS: MonthCacheOptions = { maxBytes: 64 * 1024 * 1024, maxEntries: 2000 };

/**
 * Serialized month answers of this process, least recently used first out, bounded by their
 * total bytes (JSON and gzip) and their number. A key names everything an answer depends on (see
 * month.ts), the network's calendar version included: a write makes new keys, and the answers of
 * old versions are never asked for again and age out. Several server processes each keep their
 * own; the version in the database keeps all of them right.
 */
export function createMonthCache(options: MonthCacheOptions = MONTH_CACHE_DEFAULTS) {
  type Entry = { answer: CachedAnswer; bytes: number };
  const entries: LRUCache<string, Entry, () => Promise<Buffer>> = new LRUCache({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.bytes,
    // One answer bigger than a quarter of the budget would push out too much else: it is
    // answered, not kept.
    maxEntrySize: options.maxBytes / 4,
    // Simultaneous requests for one key wait for the same computation; a failed one is not kept.
    fetchMethod: async (key, _stale, { context: compute }) => {
      const json = await compute();
      return { answer: answerOf(key, json), bytes: json.length };
    },
  });

  function answerOf(key: string, json: Buffer): CachedAnswer {
    let zipped: Promise<Buffer> | null = null;
    const answer: CachedAnswer = {
      json,
      gzip() {
        // Level 6 (zlib's default): a month's 1.5 MB become about 90 kB in some 10 ms, once,
        // on the thread pool.
        zipped ??= gzip(json, { level: 6 }).then(
          (compressed) => {
            // Counted in the bytes while it is still this key's answer.
            if (entries.peek(key)?.answer === answer) {
              entries.set(key, { answer, bytes: json.length + compressed.length });
            }
            return compressed;
          },
          (error: unknown) => {
            zipped = null;
            throw error;
          },
        );
        return zipped;
      },
    };
    return answer;
  }

  return {
    /** The answer of `key`: from the cache, or computed once however many ask at the same time. */
    async get(key: string, compute: () => Promise<Buffer>): Promise<CachedAnswer> {
      const entry = await entries.fetch(key, { context: compute });
      // fetch() answers undefined only for an aborted fetch, which nothing here does.
      if (!entry) throw new Error(`The month answer of ${key} was not computed`);
      return entry.answer;
    },
    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes: entries.calculatedSize };
    },
  };
}

export type MonthCache = ReturnType<typeof createMonthCache>;

/**
 * The entity tag of a cache key (opaque part, quoted): the same key gives the same content, in
 * any process. Sent weak (`W/`), because the JSON and its gzipped form share it.
 */
export function etagOf(key: string): string {
  return `"m-${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
}
