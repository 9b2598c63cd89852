import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Payload } from 'altcha-lib/types';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { AltchaChallenge } from '@agora/contracts';
import type { PlatformLog } from '../../platform/loader/index.ts';

/** How long a challenge may be solved and sent: a sign-up form is filled in within this. */
export const ALTCHA_VALID_MS = 20 * 60 * 1000;
/** The largest number the widget tries: about a second of work in a browser, nothing for the server. */
export const ALTCHA_MAX_NUMBER = 100_000;
const MAX_PAYLOAD_LENGTH = 4000;

export type AltchaDeps = {
  /** The server's secret; the challenges' HMAC key is derived from it. */
  secret: string;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string;
  log?: PlatformLog;
  maxNumber?: number;
};

export type Altcha = ReturnType<typeof createAltcha>;

/**
 * ALTCHA proof of work without any outside service: challenges signed with a key of this
 * server, solutions verified here. A solved challenge counts once: its signature is kept until
 * the challenge expires (in Redis with REDIS_URL, so that all processes know it; else in this
 * process's memory, bounded), and a second use is refused.
 */
export function createAltcha(deps: AltchaDeps) {
  const hmacKey = createHmac('sha256', deps.secret).update('altcha-challenges').digest('hex');
  const used = replayStore(deps);

  return {
    async challenge(): Promise<AltchaChallenge> {
      return createChallenge({
        hmacKey,
        maxNumber: deps.maxNumber ?? ALTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + ALTCHA_VALID_MS),
      });
    },

    /** Whether the widget's payload solves a challenge of ours that has not expired nor been used. */
    async verify(payload: string | undefined): Promise<boolean> {
      if (!payload || payload.length > MAX_PAYLOAD_LENGTH) return false;
      const decoded = decode(payload);
      if (!decoded) return false;
      const verified = await verifySolution(decoded, hmacKey, true).catch(() => false);
      // verifySolution checks the expiry only when the salt carries one; ours always do.
      const expires = Number(extractParams(decoded).expires);
      if (!verified || !Number.isFinite(expires)) return false;
      const ttlMs = expires * 1000 - Date.now();
      return ttlMs > 0 && used.claim(decoded.signature, ttlMs);
    },

    close: () => used.close(),
  };
}

function decode(payload: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const p = value as Record<string, unknown>;
    const strings = ['algorithm', 'challenge', 'salt', 'signature'].every((key) => typeof p[key] === 'string');
    if (!strings || typeof p.number !== 'number' || !Number.isSafeInteger(p.number)) return null;
    // The algorithm is checked by verifySolution: an unknown one never verifies.
    return p as unknown as Payload;
  } catch {
    return null;
  }
}

/** Signatures of solved challenges, each kept until its challenge expires. */
function replayStore(deps: AltchaDeps) {
  const memory = new LRUCache<string, true>({ max: 100_000, ttl: ALTCHA_VALID_MS, ttlAutopurge: false });
  const claimInMemory = (signature: string, ttlMs: number) => {
    if (memory.has(signature)) return false;
    memory.set(signature, true, { ttl: ttlMs });
    return true;
  };
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : null;
  redis?.on('error', () => undefined);
  let redisDownUntil = 0;

  return {
    async claim(signature: string, ttlMs: number): Promise<boolean> {
      if (redis && Date.now() >= redisDownUntil) {
        try {
          if (redis.status === 'wait') await redis.connect();
          const key = `${deps.redisKeyPrefix ?? ''}altcha:${signature}`;
          const set = await redis.set(key, '1', 'PX', Math.ceil(ttlMs), 'NX');
          // Kept here too, so that a later Redis outage still knows what this process saw.
          if (set === 'OK') claimInMemory(signature, ttlMs);
          return set === 'OK';
        } catch (error) {
          redisDownUntil = Date.now() + 5000;
          deps.log?.warn({ err: error }, 'altcha replay store: Redis unreachable, counting in memory');
        }
      }
      return claimInMemory(signature, ttlMs);
    },
    async close() {
      if (redis && redis.status !== 'end' && redis.status !== 'wait') await redis.quit().catch(() => undefined);
      else redis?.disconnect();
    },
  };
}
