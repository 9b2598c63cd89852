import { Redis } from 'ioredis';
import type { PlatformLog } from '../loader/index.ts';
import { redisBuckets } from './redis-buckets.ts';
import { memoryBuckets, type BucketRule, type BucketStore, type TakeResult } from './token-bucket.ts';

/**
 * The budgets every member draws from: socket events (any event of any module), HTTP writes
 * (POST, PUT, PATCH, DELETE) and uploads (which have a budget of their own, as a form may send
 * many files at once).
 */
export type Budgets = { socketEvents: BucketRule; writes: BucketRule; uploads: BucketRule };
export type BudgetName = keyof Budgets;

/** Whose budget: a member in a network; without one a session; without that an address. */
export type BudgetSubject = { networkId: string; membershipId: string } | { sessionId: string } | { ip: string };

export function subjectKey(subject: BudgetSubject): string {
  if ('membershipId' in subject) return `member:${subject.networkId}:${subject.membershipId}`;
  if ('sessionId' in subject) return `session:${subject.sessionId}`;
  return `ip:${subject.ip}`;
}

/** Budgets by name: the members' own (`Budgets`), or a module's (e.g. attempts at a code). */
export type BudgetRules = Record<string, BucketRule>;

export type Limits<B extends BudgetRules = Budgets> = {
  readonly budgets: B;
  /** Takes `cost` from the subject's budget of that name, or answers how long to wait. */
  take(name: keyof B & string, subject: BudgetSubject, cost?: number): Promise<TakeResult>;
  close(): Promise<void>;
};

export type LimitsOptions<B extends BudgetRules = Budgets> = {
  budgets: B;
  /** With a Redis URL every server process draws from the same buckets. */
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  log?: PlatformLog;
  /** A store of its own instead (tests). */
  store?: BucketStore;
};

/** After a Redis failure, this process counts alone for a while before asking Redis again. */
const REDIS_PAUSE_MS = 5000;
const WARN_EVERY_MS = 60_000;

/**
 * The members' budgets: token buckets in this process, or in Redis when REDIS_URL is set. When
 * Redis cannot answer, each process counts in its own memory until Redis is back, so a member
 * is still limited (per process) and nobody waits on a dead connection.
 */
export function createLimits<B extends BudgetRules = Budgets>(options: LimitsOptions<B>): Limits<B> {
  const memory = memoryBuckets();
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // Connected on first use: seeds and scripts that never take anything open nothing.
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        commandTimeout: 1000,
      })
    : null;
  let lastWarning = 0;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    options.log?.warn({ err }, 'budgets: Redis unavailable, counting in this process meanwhile');
  };
  redis?.on('error', warn);
  const shared = options.store ?? (redis ? redisBuckets(redis, `${options.redisKeyPrefix ?? ''}budget:`) : null);
  let pausedUntil = 0;
  // A client that lost its connection is reconnecting: no use queueing behind it.
  const redisUsable = () =>
    Date.now() >= pausedUntil && (!redis || !['reconnecting', 'close', 'end'].includes(redis.status));

  return {
    budgets: options.budgets,
    async take(name, subject, cost = 1) {
      const rule = options.budgets[name] as BucketRule;
      const key = `${name}:${subjectKey(subject)}`;
      if (shared && redisUsable()) {
        try {
          return await shared.take(key, rule, cost);
        } catch (err) {
          pausedUntil = Date.now() + REDIS_PAUSE_MS;
          warn(err);
        }
      }
      return memory.takeNow(key, rule, cost);
    },
    async close() {
      await memory.close();
      await shared?.close();
    },
  };
}

/** Whole seconds to wait, as `Retry-After` gives them: at least 1. */
export function retryAfterSeconds(result: Extract<TakeResult, { ok: false }>): number {
  return Math.max(1, Math.ceil(result.retryAfterMs / 1000));
}
