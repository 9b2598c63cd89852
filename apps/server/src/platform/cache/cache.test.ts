import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache, type Cache } from './cache.ts';

const caches: Cache[] = [];
afterEach(async () => {
  await Promise.all(caches.splice(0).map((c) => c.close()));
});

function make(options: Parameters<typeof createCache>[0] = {}): Cache {
  const cache = createCache(options);
  caches.push(cache);
  return cache;
}

const value = (v: string, keys: string[]) => async () => ({ value: v, keys });

describe('the cache', () => {
  it('keeps a loaded value until one of its keys is invalidated', async () => {
    const cache = make();
    const region = cache.region<string>(10);
    let loads = 0;
    const load = async () => ({ value: `v${++loads}`, keys: ['network:1', 'session:a'] });
    expect(await region.get('a', load)).toBe('v1');
    expect(await region.get('a', load)).toBe('v1');
    cache.invalidate(['session:a']);
    expect(await region.get('a', load)).toBe('v2');
    cache.invalidate(['network:2']);
    expect(await region.get('a', load)).toBe('v2');
  });

  it('keeps no miss, and no value read while its keys were invalidated', async () => {
    const cache = make();
    const region = cache.region<string>(10);
    expect(await region.get('a', async () => null)).toBeNull();
    const read = await region.get('a', async () => {
      cache.invalidate(['membership:1']);
      return { value: 'old', keys: ['membership:1'] };
    });
    expect(read).toBe('old');
    expect(await region.get('a', value('new', ['membership:1']))).toBe('new');
  });

  it('loads the missing values of several keys at once, and keeps them', async () => {
    const cache = make();
    const region = cache.region<string>(10);
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      // 'x' is no value: left out, and asked for again next time.
      return new Map(
        missing.filter((k) => k !== 'x').map((k) => [k, { value: `${k}${asked.length}`, keys: [`m:${k}`] }]),
      );
    };
    expect(await region.get('a', value('a0', ['m:a']))).toBe('a0');
    expect([...(await region.getMany(['a', 'b', 'c', 'b', 'x'], load))]).toEqual([
      ['a', 'a0'],
      ['b', 'b1'],
      ['c', 'c1'],
    ]);
    expect(asked).toEqual([['b', 'c', 'x']]);
    cache.invalidate(['m:c']);
    expect([...(await region.getMany(['a', 'b', 'c', 'x'], load))]).toEqual([
      ['a', 'a0'],
      ['b', 'b1'],
      ['c', 'c2'],
    ]);
    expect(asked[1]).toEqual(['c', 'x']);
  });

  it('keeps nothing of a load of several keys whose keys changed while it read', async () => {
    const cache = make();
    const region = cache.region<string>(10);
    const read = await region.getMany(['a', 'b'], async (missing) => {
      cache.invalidate(['m:a']);
      return new Map(missing.map((k) => [k, { value: 'old', keys: [`m:${k}`] }]));
    });
    expect([...read.values()]).toEqual(['old', 'old']);
    const again = await region.getMany(
      ['a', 'b'],
      async (missing) => new Map(missing.map((k) => [k, { value: 'new', keys: [`m:${k}`] }])),
    );
    // 'a' changed during the first read and was read again; 'b' did not.
    expect(Object.fromEntries(again)).toEqual({ a: 'new', b: 'old' });
  });

  it('ends entries after the TTL and holds at most its size', async () => {
    const cache = make({ ttlMs: 20 });
    const region = cache.region<string>(2);
    await region.get('a', value('1', []));
    await region.get('b', value('1', []));
    await region.get('c', value('1', []));
    expect(await region.get('a', value('2', []))).toBe('2');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await region.get('c', value('2', []))).toBe('2');
  });

  it('drops the keys of an event type once the write is recorded', async () => {
    const cache = make();
    cache.register('network.settings_updated', (event) => [`network:${event.networkId}`]);
    expect(
      cache.keysOf([
        { networkId: 'n1', type: 'network.settings_updated', subject: { type: 'network', id: 'n1' } },
        { networkId: 'n1', type: 'appointment.created', subject: { type: 'appointment', id: 'x' } },
      ]),
    ).toEqual(['network:n1']);
  });

  it('drops a key in the other caches of this process', async () => {
    const one = make();
    const two = make();
    const region = two.region<string>(10);
    await region.get('a', value('old', ['network:1']));
    one.invalidate(['network:1']);
    expect(await region.get('a', value('new', ['network:1']))).toBe('new');
  });

  it.skipIf(!process.env.REDIS_URL)('drops a key in the caches of other processes through Redis', async () => {
    const options = {
      redisUrl: process.env.REDIS_URL,
      redisKeyPrefix: `cache-test:${randomUUID()}:`,
      inProcess: false,
    };
    const one = make(options);
    const two = make(options);
    const region = two.region<string>(10);
    await region.get('a', value('old', ['session:1']));
    // The subscriber needs a moment to subscribe.
    await new Promise((resolve) => setTimeout(resolve, 200));
    one.invalidate(['session:1']);
    const deadline = Date.now() + 2000;
    let seen = await region.get('a', value('new', ['session:1']));
    while (seen === 'old' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await region.get('a', value('new', ['session:1']));
    }
    expect(seen).toBe('new');
  });
});
