import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskDriver } from './disk-driver.ts';
import { MissingObjectError } from './missing-object.ts';
import { createS3Driver } from './s3-driver.ts';
import type { StorageDriver } from './types.ts';
import { filesUnder, generatedStream, startS3rver, tempDir } from './upload-test-support.ts';

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

describe.each(['disk', 's3'] as const)('the %s driver', (kind) => {
  let driver: StorageDriver & { close(): Promise<void> };
  let cleanup: () => Promise<void>;
  let leftovers: () => Promise<string[]>;

  beforeAll(async () => {
    if (kind === 'disk') {
      const dir = tempDir('agora-disk-driver-');
      driver = createDiskDriver(dir.dir);
      cleanup = async () => dir.remove();
      // The temporary folder too: a failed write leaves nothing behind.
      leftovers = async () => [...filesUnder(dir.dir), ...filesUnder(path.join(dir.dir, '.tmp'))];
    } else {
      const s3 = await startS3rver('driver-test');
      const env = s3.env;
      driver = createS3Driver({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
      });
      cleanup = () => s3.close();
      leftovers = () => s3.keys();
    }
  });
  afterAll(async () => {
    await driver.close();
    await cleanup();
  });

  it('stores, reads whole and in ranges, and tells the size', async () => {
    expect(await driver.put('a/b/one', Readable.from([Buffer.from('0123'), Buffer.from('456789')]))).toEqual({
      size: 10,
    });
    expect(await text(await driver.get('a/b/one'))).toBe('0123456789');
    expect(await text(await driver.get('a/b/one', { start: 3, end: 5 }))).toBe('345');
    expect(await driver.stat('a/b/one')).toEqual({ size: 10 });
    expect(await driver.stat('a/b/none')).toBeNull();
    await expect(driver.get('a/b/none')).rejects.toBeInstanceOf(MissingObjectError);
  });

  it('stores large bodies in parts', async () => {
    const size = 11 * 1024 * 1024 + 3;
    expect(await driver.put('large/object', generatedStream(size))).toEqual({ size });
    expect(await driver.stat('large/object')).toEqual({ size });
    expect((await (await driver.get('large/object', { start: size - 2, end: size - 1 })).toArray())[0]).toHaveLength(2);
    await driver.delete('large/object');
    expect(await driver.stat('large/object')).toBeNull();
  });

  it('deletes a key, and a prefix with everything under it', async () => {
    await driver.put('p/x/original', Readable.from([Buffer.from('o')]));
    await driver.put('p/x/variants/200x200', Readable.from([Buffer.from('v')]));
    await driver.put('p/y/original', Readable.from([Buffer.from('y')]));
    await driver.deletePrefix('p/x/');
    expect(await driver.stat('p/x/original')).toBeNull();
    expect(await driver.stat('p/x/variants/200x200')).toBeNull();
    expect(await driver.stat('p/y/original')).toEqual({ size: 1 });
    await driver.delete('p/y/original');
    await driver.delete('p/y/original');
    await driver.deletePrefix('p/nothing/');
  });

  it('keeps nothing of a body that fails midway', async () => {
    const before = await leftovers();
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(1024, 1));
    setTimeout(() => failing.destroy(new Error('client went away')), 20);
    await expect(driver.put('broken/object', failing)).rejects.toThrow();
    expect(await driver.stat('broken/object')).toBeNull();
    expect(await leftovers()).toEqual(before);
  });

  it('refuses keys that leave the store', async () => {
    await expect(driver.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage key/);
    await expect(driver.get('a//b')).rejects.toThrow(/Invalid storage key/);
    await expect(driver.deletePrefix('a/../')).rejects.toThrow(/Invalid storage prefix/);
    await expect(driver.deletePrefix('a')).rejects.toThrow(/Invalid storage prefix/);
  });

  it('says whether the store answers', async () => {
    expect(await driver.check()).toBe(true);
  });
});

it('an S3 driver without its bucket reports so', async () => {
  const s3 = await startS3rver('present');
  const driver = createS3Driver({
    endpoint: s3.env.S3_ENDPOINT,
    region: 'us-east-1',
    bucket: 'absent',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  try {
    expect(await driver.check()).toBe(false);
  } finally {
    await driver.close();
    await s3.close();
  }
});
