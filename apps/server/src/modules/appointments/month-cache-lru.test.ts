import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createMonthCache, etagOf } from './month-cache.ts';

describe('createMonthCache', () => {
  const bytes = (n: number) => Buffer.alloc(n);

  it('keeps the most recently used answers within its bytes and entries', async () => {
    const cache = createMonthCache({ maxBytes: 4000, maxEntries: 3 });
    const compute = vi.fn(async () => bytes(900));
    for (const key of ['a', 'b', 'c']) await cache.get(key, compute);
    await cache.get('a', compute); // a is now the most recent
    await cache.get('d', compute); // four entries: b goes
    expect(cache.stats()).toEqual({ entries: 3, bytes: 2700 });
    compute.mockClear();
    await cache.get('b', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.get('big', async () => bytes(1000)); // 5 entries' worth of bytes: the oldest go
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000);
    expect(cache.stats().entries).toBeLessThanOrEqual(3);
    // Larger than a quarter of the budget: answered, not kept.
    expect((await cache.get('huge', async () => bytes(1001))).json.length).toBe(1001);
    compute.mockClear();
    await cache.get('huge', compute);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes an answer once for simultaneous requests, and keeps no failure', async () => {
    const cache = createMonthCache({ maxBytes: 10_000, maxEntries: 10 });
    let release!: (b: Buffer) => void;
    const compute = vi.fn(() => new Promise<Buffer>((resolve) => (release = resolve)));
    const both = Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    release(bytes(10));
    const [one, two] = await both;
    expect(one).toBe(two);
    expect(compute).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async (): Promise<Buffer> => {
      throw new Error('database gone');
    });
    await expect(cache.get('f', failing)).rejects.toThrow('database gone');
    expect((await cache.get('f', async () => bytes(3))).json).toHaveLength(3);
  });

  it('gzips an answer once, and counts it in its bytes', async () => {
    const cache = createMonthCache({ maxBytes: 1_000_000, maxEntries: 10 });
    const json = Buffer.from(JSON.stringify({ appointments: Array.from({ length: 500 }, (_, i) => ({ id: i })) }));
    const answer = await cache.get('k', async () => json);
    const [one, two] = await Promise.all([answer.gzip(), answer.gzip()]);
    expect(one).toBe(two);
    expect(gunzipSync(one).equals(json)).toBe(true);
    expect(cache.stats().bytes).toBe(json.length + one.length);
  });

  it('makes one ETag per key', () => {
    expect(etagOf('a')).toBe(etagOf('a'));
    expect(etagOf('a')).not.toBe(etagOf('b'));
  });
});
