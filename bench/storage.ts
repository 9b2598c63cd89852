// The storage scenario group: a large file up and down through the HTTP API against the raw
// disk in the same run, the server's memory meanwhile, and image sizes per second.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { benchPhotos } from '@agora/server/bench-support';

export type StorageBenchOptions = {
  url: string;
  /** `agora_session=...` and the session's CSRF token. */
  cookie: string;
  csrf: string;
  /** The server process, whose memory is sampled. */
  pid: number;
  /** A folder on the same file system as the server's DATA_DIR/storage, for the raw disk figures. */
  scratchDir: string;
  megabytes: number;
  images: number;
  /** Seconds of the cached-thumbnail run. */
  duration: number;
};

export type Throughput = { apiMBps: number; diskMBps: number; ratio: number };

export type StorageFigures = {
  megabytes: number;
  upload: Throughput;
  download: Throughput;
  serverRssMB: {
    atRest: number;
    peakUpload: number;
    peakDownload: number;
    peakThumbnails: number;
    highWaterMark: number;
  };
  thumbnails: {
    size: string;
    images: number;
    originalWidth: number;
    originalHeight: number;
    concurrency: number;
    firstRendersPerSecond: number;
    cachedPerSecond: number;
    cachedConnections: number;
  };
  failure: string | null;
};

const MiB = 1024 * 1024;
const THUMBNAIL = '435x435';
const PHOTO = { width: 3000, height: 2000 };
const CACHED_CONNECTIONS = 10;

export async function runStorageBench(options: StorageBenchOptions): Promise<StorageFigures> {
  // One random MiB repeated: incompressible like real files, without generating 200 MB of randomness.
  const block = randomBytes(MiB);
  const bytes = options.megabytes * MiB;
  const memory = new MemorySampler(options.pid);
  const headers = { cookie: options.cookie, 'x-csrf-token': options.csrf, accept: 'application/json' };

  // Raw disk first, on the same file system, so that both see the same disk and page cache.
  const scratch = path.join(options.scratchDir, 'raw-disk.bin');
  let started = performance.now();
  await pipeline(repeat(block, options.megabytes), fs.createWriteStream(scratch));
  const diskWrite = mbps(bytes, started);

  const atRest = memory.now();
  memory.start();
  started = performance.now();
  const uploaded = await uploadFile(
    options.url,
    'files',
    headers,
    'bench.bin',
    repeat(block, options.megabytes),
    bytes,
  );
  const apiUpload = mbps(bytes, started);
  const peakUpload = memory.stop();

  started = performance.now();
  let read = 0;
  for await (const chunk of fs.createReadStream(scratch)) read += (chunk as Buffer).length;
  const diskRead = mbps(read, started);
  fs.rmSync(scratch, { force: true });

  memory.start();
  started = performance.now();
  const downloaded = await download(`${options.url}/api/storage/files/${uploaded.id}/get/bench.bin`, headers);
  const apiDownload = mbps(downloaded, started);
  const peakDownload = memory.stop();
  const failures: string[] = [];
  if (downloaded !== bytes) failures.push(`downloaded ${downloaded} of ${bytes} bytes`);

  // Thumbnails: first renders of distinct images, then the same sizes from the driver.
  const photos = await benchPhotos(options.images, PHOTO.width, PHOTO.height);
  const ids: string[] = [];
  for (const [i, photo] of photos.entries()) {
    const answer = await uploadFile(
      options.url,
      'images',
      headers,
      `photo-${i}.jpg`,
      Readable.from([photo]),
      photo.length,
    );
    ids.push(answer.id);
  }
  const concurrency = Math.max(2, os.availableParallelism());
  const urls = ids.map((id) => `/api/storage/images/${id}/get/${THUMBNAIL}`);
  memory.start();
  started = performance.now();
  const statuses = await mapConcurrently(urls, concurrency, async (p) => (await get(options.url + p, headers)).status);
  const firstRendersPerSecond = urls.length / ((performance.now() - started) / 1000);
  const peakThumbnails = memory.stop();
  const failedRenders = statuses.filter((s) => s !== 200).length;
  if (failedRenders) failures.push(`${failedRenders} first renders failed (${[...new Set(statuses)].join(', ')})`);

  const cached = await autocannon({
    url: options.url,
    connections: CACHED_CONNECTIONS,
    duration: options.duration,
    headers,
    requests: urls.map((p) => ({ method: 'GET', path: p })),
  });
  if (cached.non2xx > 0 || cached.errors > 0)
    failures.push(`cached thumbnails: ${cached.non2xx} non-2xx, ${cached.errors} errors`);

  return {
    megabytes: options.megabytes,
    upload: { apiMBps: apiUpload, diskMBps: diskWrite, ratio: apiUpload / diskWrite },
    download: { apiMBps: apiDownload, diskMBps: diskRead, ratio: apiDownload / diskRead },
    serverRssMB: { atRest, peakUpload, peakDownload, peakThumbnails, highWaterMark: memory.highWaterMark() },
    thumbnails: {
      size: THUMBNAIL,
      images: urls.length,
      originalWidth: PHOTO.width,
      originalHeight: PHOTO.height,
      concurrency,
      firstRendersPerSecond,
      cachedPerSecond: cached.requests.average,
      cachedConnections: CACHED_CONNECTIONS,
    },
    failure: failures.length ? failures.join('; ') : null,
  };
}

export function formatStorageReport(f: StorageFigures): string {
  const mb = (n: number) => `${n.toFixed(1)} MB/s`;
  const t = f.thumbnails;
  return [
    `storage (${f.megabytes} MB file, disk driver under DATA_DIR; raw disk = Node streams on the same file system)`,
    `  upload    API ${mb(f.upload.apiMBps).padStart(12)}   raw disk write ${mb(f.upload.diskMBps).padStart(12)}   ratio ${f.upload.ratio.toFixed(2)}`,
    `  download  API ${mb(f.download.apiMBps).padStart(12)}   raw disk read  ${mb(f.download.diskMBps).padStart(12)}   ratio ${f.download.ratio.toFixed(2)}`,
    `  server RSS: ${f.serverRssMB.atRest.toFixed(0)} MB at rest, peak ${f.serverRssMB.peakUpload.toFixed(0)} MB during the upload, ` +
      `${f.serverRssMB.peakDownload.toFixed(0)} MB during the download, ${f.serverRssMB.peakThumbnails.toFixed(0)} MB during the first renders ` +
      `(process high-water mark ${f.serverRssMB.highWaterMark.toFixed(0)} MB)`,
    `  thumbnails ${t.size} of ${t.originalWidth}x${t.originalHeight} JPEGs: ${t.firstRendersPerSecond.toFixed(1)}/s first renders ` +
      `(${t.images} images, ${t.concurrency} concurrent), ${t.cachedPerSecond.toFixed(1)}/s cached (${t.cachedConnections} connections)`,
    ...(f.failure ? [`  FAILED: ${f.failure}`] : []),
  ].join('\n');
}

async function* repeat(block: Buffer, times: number) {
  for (let i = 0; i < times; i++) yield block;
}

function mbps(bytes: number, since: number): number {
  return bytes / MiB / ((performance.now() - since) / 1000);
}

/** `POST /api/storage/{directory}` as multipart, the file streamed with a known length. */
async function uploadFile(
  url: string,
  directory: string,
  headers: Record<string, string>,
  name: string,
  file: AsyncIterable<Buffer> | Readable,
  fileBytes: number,
): Promise<{ id: string }> {
  const boundary = `----agora-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of file) yield chunk as Buffer;
    yield tail;
  }
  const response = await send(`${url}/api/storage/${directory}`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + fileBytes + tail.length),
    },
    body: Readable.from(body()),
  });
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`Uploading ${name} answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
  return JSON.parse(response.body.toString('utf8')) as { id: string };
}

function send(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: Readable },
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    if (options.body) options.body.on('error', reject).pipe(request);
    else request.end();
  });
}

const get = (url: string, headers: Record<string, string>) => send(url, { method: 'GET', headers });

/** Counts the bytes of a download without keeping them. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`Downloading answered ${response.statusCode}`));
        }
        let total = 0;
        response.on('data', (chunk: Buffer) => (total += chunk.length));
        response.on('end', () => resolve(total));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function mapConcurrently<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** The server's resident memory, sampled every 20 ms while a transfer runs. */
class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;

  constructor(private readonly pid: number) {}

  now(): number {
    return this.read('VmRSS');
  }

  /** The kernel's own peak of the process (VmHWM), which catches what sampling misses. */
  highWaterMark(): number {
    return this.read('VmHWM');
  }

  start(): void {
    this.peak = this.now();
    this.timer = setInterval(() => (this.peak = Math.max(this.peak, this.now())), 20);
  }

  stop(): number {
    clearInterval(this.timer);
    return Math.max(this.peak, this.now());
  }

  /** MB from /proc/<pid>/status on Linux, else from ps (RSS only). */
  private read(field: 'VmRSS' | 'VmHWM'): number {
    try {
      const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      if (match) return Number(match[1]) / 1024;
    } catch {
      // not Linux
    }
    const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(this.pid)], { encoding: 'utf8' }).trim());
    return kb / 1024;
  }
}
