import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { PlatformLog } from '../../platform/loader/index.ts';

/**
 * How sign-in attempts are limited (see `createSignInGuard`). `perPair` failures of one address
 * from one IP, and `perIp` failures from one IP across addresses, are refused until `windowMs`
 * after the first of them; failures of one address from anywhere make its next attempt wait.
 */
export type SignInLimits = {
  perPair: number;
  perIp: number;
  windowMs: number;
  /** After `after` failures of an address, each further one makes the next attempt wait `baseMs`, doubled each time up to `maxMs`. */
  delay: { after: number; baseMs: number; maxMs: number };
  /** An IP the member signed in from stays known this long: it does not wait for others' failures. */
  knownMs: number;
};

export type SignInAttempt = { networkId: string; address: string; ip: string };

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export type SignInGuard = {
  /** Counts an attempt as failed unless `succeeded` follows; or refuses it with the time to wait. */
  attempt(attempt: SignInAttempt): Promise<SignInVerdict>;
  /** The attempt signed in: it counts no more, the pair's failures are forgotten, the IP is known. */
  succeeded(attempt: SignInAttempt): Promise<void>;
  close(): Promise<void>;
};

type Keys = { ip: string; pair: string; address: string; known: string };

function keysOf({ networkId, address, ip }: SignInAttempt): Keys {
  return {
    ip: `ip:${ip}`,
    pair: `pair:${networkId}:${address}:${ip}`,
    address: `address:${networkId}:${address}`,
    known: `known:${networkId}:${address}:${ip}`,
  };
}

/** The wait after an address's `failures`-th failure. */
export function delayAfter(failures: number, delay: SignInLimits['delay']): number {
  if (failures < delay.after) return 0;
  return Math.min(delay.maxMs, delay.baseMs * 2 ** Math.min(30, failures - delay.after));
}

type Store = {
  attempt(keys: Keys, now: number): Promise<SignInVerdict>;
  succeeded(keys: Keys): Promise<void>;
  close(): Promise<void>;
};

/** Counters of this process, bounded: the oldest are forgotten first when an attack fills them. */
function memoryStore(limits: SignInLimits): Store {
  const max = 100_000;
  const counts = new LRUCache<string, { n: number }>({ max, ttl: limits.windowMs });
  const addresses = new LRUCache<string, { failures: number; nextAt: number }>({ max, ttl: limits.windowMs });
  const known = new LRUCache<string, true>({ max, ttl: limits.knownMs });
  const over = (key: string, limit: number): number | null => {
    const entry = counts.get(key);
    return entry && entry.n >= limit ? Math.max(1, counts.getRemainingTTL(key)) : null;
  };
  const count = (key: string) => {
    const entry = counts.get(key);
    // The window runs from the first failure: the count is changed in place, keeping its expiry.
    if (entry) entry.n += 1;
    else counts.set(key, { n: 1 });
  };
  return {
    async attempt(keys, now) {
      const wait = over(keys.ip, limits.perIp) ?? over(keys.pair, limits.perPair);
      if (wait !== null) return { allowed: false, retryAfterMs: wait };
      const state = addresses.get(keys.address) ?? { failures: 0, nextAt: 0 };
      if (!known.has(keys.known) && now < state.nextAt) return { allowed: false, retryAfterMs: state.nextAt - now };
      count(keys.ip);
      count(keys.pair);
      state.failures += 1;
      state.nextAt = Math.max(state.nextAt, now + delayAfter(state.failures, limits.delay));
      // Remembered for a window after the last failure.
      addresses.set(keys.address, state);
      return { allowed: true };
    },
    async succeeded(keys) {
      const ip = counts.get(keys.ip);
      if (ip && ip.n > 0) ip.n -= 1;
      counts.delete(keys.pair);
      const state = addresses.get(keys.address);
      if (state && state.failures > 0) state.failures -= 1;
      known.set(keys.known, true);
    },
    async close() {
      counts.clear();
      addresses.clear();
      known.clear();
    },
  };
}

/**
 * The same steps in Redis, each one script so that simultaneous attempts from several processes
 * cannot all pass a limit at once. KEYS: the IP's count, the pair's count, the address's hash
 * (failures `f`, next allowed attempt `next`) and the pair's known marker. The time is the
 * calling process's clock, as the delays are seconds long.
 */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local per_ip = tonumber(ARGV[2])
local per_pair = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
local after = tonumber(ARGV[5])
local base = tonumber(ARGV[6])
local max = tonumber(ARGV[7])
if tonumber(redis.call('GET', KEYS[1]) or '0') >= per_ip then return {0, redis.call('PTTL', KEYS[1])} end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= per_pair then return {0, redis.call('PTTL', KEYS[2])} end
local next_at = tonumber(redis.call('HGET', KEYS[3], 'next') or '0')
if now < next_at and redis.call('EXISTS', KEYS[4]) == 0 then return {0, next_at - now} end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], window) end
if redis.call('INCR', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], window) end
local failures = redis.call('HINCRBY', KEYS[3], 'f', 1)
local delay = 0
if failures >= after then delay = math.min(max, base * 2 ^ math.min(30, failures - after)) end
redis.call('HSET', KEYS[3], 'next', string.format('%.0f', math.max(next_at, now + delay)))
redis.call('PEXPIRE', KEYS[3], window)
return {1, 0}
`;

const SUCCEEDED_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[2])
if tonumber(redis.call('HGET', KEYS[3], 'f') or '0') > 0 then redis.call('HINCRBY', KEYS[3], 'f', -1) end
redis.call('SET', KEYS[4], '1', 'PX', ARGV[1])
return 1
`;

type WithScripts = Redis & {
  agoraSignInAttempt(...args: (string | number)[]): Promise<[number, number]>;
  agoraSignInSucceeded(...args: (string | number)[]): Promise<number>;
};

function redisStore(redis: Redis, prefix: string, limits: SignInLimits): Store {
  redis.defineCommand('agoraSignInAttempt', { numberOfKeys: 4, lua: ATTEMPT_SCRIPT });
  redis.defineCommand('agoraSignInSucceeded', { numberOfKeys: 4, lua: SUCCEEDED_SCRIPT });
  const client = redis as WithScripts;
  const list = (keys: Keys) => [keys.ip, keys.pair, keys.address, keys.known].map((key) => prefix + key);
  const { delay } = limits;
  return {
    async attempt(keys, now) {
      const [allowed, wait] = await client.agoraSignInAttempt(
        ...list(keys),
        now,
        limits.perIp,
        limits.perPair,
        limits.windowMs,
        delay.after,
        delay.baseMs,
        delay.maxMs,
      );
      return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(1, wait) };
    },
    async succeeded(keys) {
      await client.agoraSignInSucceeded(...list(keys), limits.knownMs);
    },
    async close() {
      // A client that never connected (lazily) or has ended has nothing to say goodbye to.
      if (redis.status === 'wait' || redis.status === 'end') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** After a Redis failure, this process counts alone for a while before asking Redis again. */
const REDIS_PAUSE_MS = 5000;
const WARN_EVERY_MS = 60_000;

/**
 * Sign-in attempts limited so that guessing is slow and the owner is never locked out:
 *
 * - an address tried from one IP (`perPair` failures) and one IP trying any addresses (`perIp`)
 *   are refused until their window ends: an attacker elsewhere cannot lock the owner out;
 * - failures of one address from anywhere make its next attempt wait, growing with each failure
 *   up to a cap, except from an IP the member has signed in from before;
 * - a successful sign-in counts as no failure and forgets the pair's.
 *
 * The counters live in Redis with REDIS_URL (every process counts together), else in memory;
 * while Redis cannot answer, each process counts alone.
 */
export function createSignInGuard(
  limits: SignInLimits,
  options: { redisUrl?: string | undefined; redisKeyPrefix?: string; log?: PlatformLog } = {},
): SignInGuard {
  const memory = memoryStore(limits);
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 1000 })
    : null;
  let lastWarning = 0;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    options.log?.warn({ err }, 'sign-in limits: Redis unavailable, counting in this process meanwhile');
  };
  redis?.on('error', warn);
  const shared = redis ? redisStore(redis, `${options.redisKeyPrefix ?? ''}sign-in:`, limits) : null;
  let pausedUntil = 0;
  const sharedUsable = () =>
    shared !== null && Date.now() >= pausedUntil && !['reconnecting', 'close', 'end'].includes(redis!.status);
  async function run<T>(step: (store: Store) => Promise<T>): Promise<T> {
    if (shared && sharedUsable()) {
      try {
        return await step(shared);
      } catch (err) {
        pausedUntil = Date.now() + REDIS_PAUSE_MS;
        warn(err);
      }
    }
    return step(memory);
  }
  return {
    attempt: (attempt) => run((store) => store.attempt(keysOf(attempt), Date.now())),
    succeeded: (attempt) => run((store) => store.succeeded(keysOf(attempt))),
    async close() {
      await memory.close();
      await shared?.close();
    },
  };
}
