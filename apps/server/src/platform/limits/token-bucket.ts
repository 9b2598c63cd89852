import { LRUCache } from 'lru-cache';

/** A budget: up to `burst` at once, refilled at `perSecond` (fractions allowed). */
export type BucketRule = { burst: number; perSecond: number };

/** Taken, or refused with the time until enough has come back. */
export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

/** Where the buckets live: this process's memory, or Redis for every process. */
export type BucketStore = {
  take(key: string, rule: BucketRule, cost?: number): Promise<TakeResult>;
  close(): Promise<void>;
};

type Bucket = { tokens: number; at: number };

/** The milliseconds until a bucket holding `tokens` is full again. */
export function msUntilFull(rule: BucketRule, tokens: number): number {
  return Math.ceil(((rule.burst - tokens) * 1000) / rule.perSecond);
}

/**
 * One step of a token bucket, the same arithmetic as the Redis script: the bucket refills for
 * the time since it was last touched (never above the burst), then gives `cost` if it holds it.
 * A refused take leaves the bucket as it was, so waiting the answered time always helps.
 */
export function step(
  bucket: Bucket | undefined,
  rule: BucketRule,
  cost: number,
  now: number,
): { bucket: Bucket; result: TakeResult } {
  const refilled = bucket
    ? Math.min(rule.burst, bucket.tokens + (Math.max(0, now - bucket.at) * rule.perSecond) / 1000)
    : rule.burst;
  if (refilled >= cost) return { bucket: { tokens: refilled - cost, at: now }, result: { ok: true } };
  const retryAfterMs = Math.ceil(((cost - refilled) * 1000) / rule.perSecond);
  return { bucket: { tokens: refilled, at: now }, result: { ok: false, retryAfterMs } };
}

/**
 * Buckets in this process's memory. A bucket is forgotten once it would be full again, which
 * is the same as keeping it, and the least recently used go first beyond `maxKeys`.
 */
export function memoryBuckets(options: { maxKeys?: number; now?: () => number } = {}): BucketStore & {
  takeNow(key: string, rule: BucketRule, cost?: number): TakeResult;
} {
  const now = options.now ?? Date.now;
  const buckets = new LRUCache<string, Bucket>({ max: options.maxKeys ?? 100_000, ttlAutopurge: false });
  const takeNow = (key: string, rule: BucketRule, cost = 1): TakeResult => {
    const { bucket, result } = step(buckets.get(key), rule, cost, now());
    buckets.set(key, bucket, { ttl: Math.max(1, msUntilFull(rule, bucket.tokens)) });
    return result;
  };
  return {
    takeNow,
    take: async (key, rule, cost) => takeNow(key, rule, cost),
    async close() {
      buckets.clear();
    },
  };
}
