import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** A cached answer: its JSON, and the same gzipped, made on the first request that accepts it. */
export type CachedAnswer = { json: Buffer; gzip(): Promise<Buffer> };

export type MonthCacheOptions = { maxBytes: number; maxEntries: number };

export const MONTH_CACHE_DEFAULTS: MonthCacheOptions = { maxBytes: 64 * 1024 * 1024, maxEntries: 2000 };

/**
 * Serialized month answers of this process, least recently used first out, bounded by their
 * total bytes and their number. A key names everything an answer depends on (see month.ts), the
 * network's calendar version included: a write makes new keys, and the answers of old versions
 * are never asked for again and age out. Several server processes each keep their own; the
 * version in the database keeps all of them right.
 */
export function createMonthCache(options: MonthCacheOptions = MONTH_CACHE_DEFAULTS) {
  // A Map iterates in insertion order: re-inserting on a hit makes it the most recent.
  const entries = new Map<string, { answer: CachedAnswer; bytes: number }>();
  // Answers being computed: simultaneous requests for one key wait for the same computation.
  const pending = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;

  function evict(): void {
    for (const [oldest, entry] of entries) {
      if (bytes <= options.maxBytes && entries.size <= options.maxEntries) break;
      entries.delete(oldest);
      bytes -= entry.bytes;
    }
  }

  function remember(key: string, answer: CachedAnswer): void {
    // One answer bigger than a quarter of the budget would push out too much else.
    if (answer.json.length > options.maxBytes / 4) return;
    entries.set(key, { answer, bytes: answer.json.length });
    bytes += answer.json.length;
    evict();
  }

  function answerOf(key: string, json: Buffer): CachedAnswer {
    let zipped: Promise<Buffer> | null = null;
    const answer: CachedAnswer = {
      json,
      gzip() {
        // Level 6 (zlib's default): a month's 1.5 MB become about 90 kB in some 10 ms, once,
        // on the thread pool.
        zipped ??= gzip(json, { level: 6 }).then(
          (compressed) => {
            const entry = entries.get(key);
            if (entry?.answer === answer) {
              entry.bytes += compressed.length;
              bytes += compressed.length;
              evict();
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
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.answer;
      }
      let running = pending.get(key);
      if (!running) {
        running = compute().then(
          (json) => {
            pending.delete(key);
            const answer = answerOf(key, json);
            remember(key, answer);
            return answer;
          },
          (error: unknown) => {
            pending.delete(key);
            throw error;
          },
        );
        pending.set(key, running);
      }
      return running;
    },
    stats(): { entries: number; bytes: number } {
      return { entries: entries.size, bytes };
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
