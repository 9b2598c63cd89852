import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, signedInMember, type Session } from '../../testing/index.ts';
import { generatedStream, storageTestApp, uploadFile, type StorageTestApp } from './upload-test-support.ts';

const SIZE = 200 * 1024 * 1024;
// Far less than the file: what buffers, parsers and the S3 part queue hold (measured here: at most
// about 20 MiB on either driver), never the file.
const ALLOWED_GROWTH = 50 * 1024 * 1024;

// What is held, not what waits for the collector: the sampler collects before it measures.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * The highest resident set size while `work` runs, sampled after a collection, 100 ms after the
 * last sample ended. (A full collection of this heap takes about 100 ms itself: sampled on a
 * fixed interval, the collections would follow each other and starve the work on a busy machine.)
 */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    gc();
    peak = Math.max(peak, process.memoryUsage.rss());
    timer = setTimeout(sample, 100);
  };
  timer = setTimeout(sample, 100);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearTimeout(timer);
  }
}

describe.each(['disk', 's3'] as const)('a 200 MB file on the %s driver', (driver) => {
  let t: StorageTestApp;
  let alice: Session;

  beforeAll(async () => {
    // s3rver runs in a process of its own, so that only the server's memory is measured.
    t = await storageTestApp(driver, {}, { s3InChildProcess: true });
    const networkId = (await createNetwork(t.services)).id;
    alice = (await signedInMember(t.app, t.services, networkId)).session;
    // Warm up the paths (and the SDK) with a small file, so that their one-time cost is not counted.
    await uploadFile(t.app, alice.headers, 'files', 'warm.bin', Buffer.alloc(1024 * 1024, 7));
  });
  afterAll(() => t.close());

  it('streams up and down without holding the file in memory', { timeout: 180_000 }, async () => {
    gc();
    const before = process.memoryUsage.rss();
    const upload = await peakRss(() =>
      uploadFile(t.app, alice.headers, 'files', 'big.bin', { stream: generatedStream(SIZE), size: SIZE }),
    );
    expect(upload.result.statusCode).toBe(200);
    const item = upload.result.json<{ id: string; size: number }>();
    expect(item.size).toBe(SIZE);
    expect(upload.peak - before).toBeLessThan(ALLOWED_GROWTH);

    // Over a real socket, as a browser downloads.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const download = await peakRss(
      () =>
        new Promise<{ status: number; received: number }>((resolve, reject) => {
          const request = http.get(
            `${address}/api/storage/files/${item.id}/get/big.bin`,
            { headers: alice.headers },
            (response) => {
              let received = 0;
              response.on('data', (chunk: Buffer) => (received += chunk.length));
              response.on('end', () => resolve({ status: response.statusCode ?? 0, received }));
              response.on('error', reject);
            },
          );
          request.on('error', reject);
        }),
    );
    expect(download.result).toEqual({ status: 200, received: SIZE });
    expect(download.peak - before).toBeLessThan(ALLOWED_GROWTH);
  });
});
