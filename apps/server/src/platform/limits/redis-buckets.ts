import type { Redis } from 'ioredis';
import type { BucketRule, BucketStore, TakeResult } from './token-bucket.ts';

/**
 * One token-bucket step in Redis, atomic, on Redis's own clock (so that the processes' clocks
 * need not agree): the same arithmetic as `step` in token-bucket.ts. KEYS[1] the bucket, ARGV
 * burst, tokens per second and cost. Answers {1, 0} when taken, {0, ms to wait} when refused.
 * The key expires once the bucket would be full again.
 */
const TAKE_SCRIPT = `
local burst = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2]) / 1000
local cost = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - at) * per_ms)
end
local taken = 0
local wait = 0
if tokens >= cost then
  tokens = tokens - cost
  taken = 1
else
  wait = math.ceil((cost - tokens) / per_ms)
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil((burst - tokens) / per_ms)))
return {taken, wait}
`;

type WithTake = Redis & {
  agoraTakeToken(key: string, burst: number, perSecond: number, cost: number): Promise<[number, number]>;
};

/** Buckets in Redis, shared by every server process using it; keys begin with `prefix`. */
export function redisBuckets(redis: Redis, prefix: string): BucketStore {
  if (!('agoraTakeToken' in redis)) redis.defineCommand('agoraTakeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const client = redis as WithTake;
  return {
    async take(key: string, rule: BucketRule, cost = 1): Promise<TakeResult> {
      const [taken, wait] = await client.agoraTakeToken(prefix + key, rule.burst, rule.perSecond, cost);
      return taken === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, Number(wait)) };
    },
    async close() {
      if (redis.status === 'wait' || redis.status === 'end') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    },
  };
}
