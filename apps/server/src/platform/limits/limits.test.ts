import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLanes } from './lanes.ts';
import { createLimits, retryAfterSeconds, type Budgets } from './limits.ts';
import { memoryBuckets, step } from './token-bucket.ts';

const rule = { burst: 3, perSecond: 2 };
const budgets: Budgets = { socketEvents: rule, writes: { burst: 2, perSecond: 0.01 }, uploads: rule };
const anna = { networkId: 'n1', membershipId: 'anna' };
const ben = { networkId: 'n1', membershipId: 'ben' };

describe('a token bucket', () => {
  it('gives its burst at once, then as much as has come back, and says how long to wait', () => {
    let now = 1_000_000;
    const buckets = memoryBuckets({ now: () => now });
    expect([1, 2, 3].map(() => buckets.takeNow('k', rule).ok)).toEqual([true, true, true]);
    // Empty: one token comes back every 500 ms.
    expect(buckets.takeNow('k', rule)).toEqual({ ok: false, retryAfterMs: 500 });
    now += 200;
    expect(buckets.takeNow('k', rule)).toEqual({ ok: false, retryAfterMs: 300 });
    now += 300;
    expect(buckets.takeNow('k', rule)).toEqual({ ok: true });
    // A long pause refills it up to the burst, never beyond.
    now += 60_000;
    expect([1, 2, 3, 4].map(() => buckets.takeNow('k', rule).ok)).toEqual([true, true, true, false]);
  });

  it('does not charge a refused take, so waiting the answered time is enough', () => {
    let bucket = step(undefined, rule, 3, 0).bucket;
    for (let i = 0; i < 5; i++) {
      const next = step(bucket, rule, 1, 100);
      expect(next.result).toEqual({ ok: false, retryAfterMs: 400 });
      bucket = next.bucket;
    }
    expect(step(bucket, rule, 1, 500).result).toEqual({ ok: true });
  });

  it('keeps each key to itself', () => {
    const buckets = memoryBuckets();
    for (let i = 0; i < 3; i++) buckets.takeNow('a', rule);
    expect(buckets.takeNow('a', rule).ok).toBe(false);
    expect(buckets.takeNow('b', rule).ok).toBe(true);
  });

  it('answers whole seconds for Retry-After, at least one', () => {
    expect(retryAfterSeconds({ ok: false, retryAfterMs: 1 })).toBe(1);
    expect(retryAfterSeconds({ ok: false, retryAfterMs: 1001 })).toBe(2);
  });
});

describe('lanes', () => {
  it('run one task of a key at a time, in order, while other keys go on', async () => {
    const lanes = createLanes(1);
    const log: string[] = [];
    const gates: Array<() => void> = [];
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        gates.push(() => {
          log.push(`end ${name}`);
          resolve(name);
        });
      });
    const a1 = lanes.run('anna', task('a1'));
    const a2 = lanes.run('anna', task('a2'));
    const b1 = lanes.run('ben', task('b1'));
    await new Promise((resolve) => setImmediate(resolve));
    // Ben's task started beside Anna's first; Anna's second waits for it.
    expect(log).toEqual(['start a1', 'start b1']);
    gates.shift()!();
    expect(await a1).toBe('a1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    gates.shift()!();
    gates.shift()!();
    expect(await Promise.all([a2, b1])).toEqual(['a2', 'b1']);
    expect(lanes.size()).toBe(0);
  });

  it('go on after a task that failed', async () => {
    const lanes = createLanes(1);
    const failed = lanes.run('anna', () => Promise.reject(new Error('kaputt')));
    const next = lanes.run('anna', async () => 'weiter');
    await expect(failed).rejects.toThrow('kaputt');
    expect(await next).toBe('weiter');
  });
});

describe('members’ budgets in one process', () => {
  it('are kept per member and per budget', async () => {
    const limits = createLimits({ budgets });
    expect((await limits.take('writes', anna)).ok).toBe(true);
    expect((await limits.take('writes', anna)).ok).toBe(true);
    const refused = await limits.take('writes', anna);
    expect(refused).toMatchObject({ ok: false });
    expect(retryAfterSeconds(refused as { ok: false; retryAfterMs: number })).toBe(100);
    // Another member, and another budget of the same member, are untouched.
    expect((await limits.take('writes', ben)).ok).toBe(true);
    expect((await limits.take('socketEvents', anna)).ok).toBe(true);
    // The same membership id in another network is another member.
    expect((await limits.take('writes', { networkId: 'n2', membershipId: 'anna' })).ok).toBe(true);
    await limits.close();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('members’ budgets in Redis', () => {
  it('are one budget for every process using the same Redis and prefix', async () => {
    const prefix = `agora-test:${randomUUID()}:`;
    const one = createLimits({ budgets, redisUrl, redisKeyPrefix: prefix });
    const two = createLimits({ budgets, redisUrl, redisKeyPrefix: prefix });
    const elsewhere = createLimits({ budgets, redisUrl, redisKeyPrefix: `agora-test:${randomUUID()}:` });
    try {
      expect((await one.take('writes', anna)).ok).toBe(true);
      expect((await two.take('writes', anna)).ok).toBe(true);
      const refused = await one.take('writes', anna);
      expect(refused.ok).toBe(false);
      expect(await two.take('writes', anna)).toMatchObject({ ok: false });
      // About 100 s until one write is back (0.01 per second), on Redis's clock.
      expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(99_000);
      expect((refused as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(100_000);
      expect((await two.take('writes', ben)).ok).toBe(true);
      // Another deployment on the same Redis counts its own.
      expect((await elsewhere.take('writes', anna)).ok).toBe(true);
    } finally {
      await Promise.all([one.close(), two.close(), elsewhere.close()]);
    }
  });

  it('refill on Redis’s clock as they do in memory', async () => {
    const limits = createLimits({
      budgets: { ...budgets, socketEvents: { burst: 2, perSecond: 20 } },
      redisUrl,
      redisKeyPrefix: `agora-test:${randomUUID()}:`,
    });
    try {
      const takes = [];
      for (let i = 0; i < 3; i++) takes.push(await limits.take('socketEvents', anna));
      expect(takes.map((t) => t.ok)).toEqual([true, true, false]);
      expect((takes[2] as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await limits.take('socketEvents', anna)).ok).toBe(true);
    } finally {
      await limits.close();
    }
  });
});

describe('members’ budgets while Redis cannot be reached', () => {
  it('are counted in the process meanwhile, without failing or waiting long', async () => {
    // A port where nothing listens.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const warnings: unknown[] = [];
    const limits = createLimits({
      budgets,
      redisUrl: `redis://127.0.0.1:${port}`,
      log: { warn: (details) => warnings.push(details), error: () => {} },
    });
    try {
      const started = performance.now();
      const takes = [];
      for (let i = 0; i < 3; i++) takes.push(await limits.take('writes', anna));
      expect(takes.map((t) => t.ok)).toEqual([true, true, false]);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(warnings.length).toBeGreaterThan(0);
    } finally {
      await limits.close();
    }
  });
});
