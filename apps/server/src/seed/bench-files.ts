import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { BatchAnswer, FileTokenAnswer, Folder, NewFilesAnswer } from '@agora/contracts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { openBenchApp } from './bench-app.ts';

export type FilesFigures = {
  database: 'PGlite' | 'PostgreSQL';
  files: number;
  /** Uploading and adding the folder's files (in forms of 100). */
  addMs: number;
  /** `GET /api/storage/folders/{id}?limit=1000` of the folder with every file. */
  listing: { requests: number; p50Ms: number; p99Ms: number; items: number };
  /** One `POST /api/storage/files/move` of all files. */
  move: { ms: number; done: number };
  /** The folder of large files downloaded as one zip over HTTP. */
  zip: { files: number; bytes: number; generateMs: number; ms: number; rssGrowthMb: number };
};

const PASSWORD = 'bench-files-password';
const FORM_SIZE = 100;
const MB = 1024 * 1024;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Bytes of a video as fast as the disk takes them: an MP4 header (so the zip stores them
 * without deflating, as it does real videos) and then one megabyte of noise over and over.
 */
function videoBytes(megabytes: number, noise: Buffer): Readable {
  const header = Buffer.alloc(32);
  header.writeUInt32BE(32, 0);
  header.write('ftypisom', 4, 'latin1');
  header.write('isomiso2avc1mp41', 16, 'latin1');
  return Readable.from(
    (function* () {
      yield Buffer.concat([header, noise.subarray(header.length)]);
      for (let i = 1; i < megabytes; i++) yield noise;
    })(),
    { objectMode: false },
  );
}

/**
 * The files module on PGlite in a temporary folder or, with `databaseUrl`, on a new database of
 * that PostgreSQL server, the server in this process: a folder of `files` files listed `requests`
 * times (p50, p99), one batch move of them all, and a folder of `zipFiles` files of `zipFileMb`
 * MB each downloaded as one zip over HTTP while the process's resident memory is sampled.
 */
export async function measureFiles(options: {
  files: number;
  requests: number;
  zipFiles: number;
  zipFileMb: number;
  databaseUrl?: string;
}): Promise<FilesFigures> {
  const bench = await openBenchApp('files', options.databaseUrl);
  const { app } = bench;
  try {
    const { services } = app;
    const network = await services.networks.create({ name: 'Files bench', language: 'de', host: null });
    const [user] = await services.accounts.createUsers([
      { email: 'person@files.bench.test', passwordHash: await hashPassword(PASSWORD) },
    ]);
    const [member] = await services.members.createMany([
      { networkId: network.id, userId: user!.id, firstName: 'Fiona', lastName: 'Files', networkAdmin: true },
    ]);
    const signIn = await app.inject({
      method: 'POST',
      url: '/users/sign_in',
      payload: { user: { email: 'person@files.bench.test', password: PASSWORD } },
    });
    const cookie = `agora_session=${signIn.cookies.find((c) => c.name === 'agora_session')!.value}`;
    const headers = {
      cookie,
      'x-csrf-token': signIn.json<{ csrf_token: string }>().csrf_token,
      accept: 'application/json',
    };
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, status = 200): Promise<T> => {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode !== status)
        throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
      return response.json<T>();
    };
    const rootId = (await call<{ network: { id: string } }>('GET', '/api/storage/folders/roots')).network.id;
    const folder = (name: string) =>
      call<Folder>('POST', '/api/storage/folders', { folder: { name, parent_folder_id: rootId } }, 201);
    const [listed, target, large] = [await folder('Listing'), await folder('Target'), await folder('Videos')];

    const addFiles = async (folderId: string, bodies: Array<{ name: string; body: () => Readable }>) => {
      const ids: string[] = [];
      for (let start = 0; start < bodies.length; start += FORM_SIZE) {
        const uploads = [];
        for (const { name, body } of bodies.slice(start, start + FORM_SIZE)) {
          uploads.push(
            await services.storage.store({
              networkId: network.id,
              uploaderId: member!.id,
              directory: 'files',
              fileName: name,
              body: body(),
            }),
          );
        }
        const answer = await call<NewFilesAnswer>(
          'POST',
          '/api/v1/files',
          { files: uploads.map((u) => u.id), folder_ids: [folderId] },
          201,
        );
        ids.push(...answer.files.map((f) => f.id));
      }
      return ids;
    };

    let started = performance.now();
    const fileIds = await addFiles(
      listed.id,
      Array.from({ length: options.files }, (_, i) => ({
        name: `Bericht ${String(i + 1).padStart(4, '0')}.txt`,
        body: () => Readable.from([Buffer.from(`Bericht ${i + 1}\n`.repeat(20))]),
      })),
    );
    const addMs = performance.now() - started;
    await services.events.settled();

    let items = 0;
    const times: number[] = [];
    for (let i = 0; i < options.requests + 5; i++) {
      const begin = performance.now();
      const answer = await call<Folder>('GET', `/api/storage/folders/${listed.id}?limit=1000`);
      if (i >= 5) times.push(performance.now() - begin);
      items = answer.files.length;
    }
    times.sort((a, b) => a - b);

    started = performance.now();
    const moved = await call<BatchAnswer>('POST', '/api/storage/files/move', {
      file_ids: fileIds,
      source_folder_id: listed.id,
      target_folder_id: target.id,
    });
    const move = { ms: performance.now() - started, done: moved.done.file_ids.length };

    const noise = Buffer.alloc(MB);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.imul(i, 2654435761) ^ (i >>> 7)) >>> 0, i);
    started = performance.now();
    await addFiles(
      large.id,
      Array.from({ length: options.zipFiles }, (_, i) => ({
        name: `Video ${i + 1}.mp4`,
        body: () => videoBytes(options.zipFileMb, noise),
      })),
    );
    const generateMs = performance.now() - started;

    const { token } = await call<FileTokenAnswer>('POST', '/api/v1/file_token', { folder_ids: [large.id] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    started = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/storage/v2/archive',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`the archive answered ${response.statusCode}`));
          let count = 0;
          response.on('data', (chunk: Buffer) => (count += chunk.length));
          response.on('end', () => resolve(count));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(new URLSearchParams({ token }).toString());
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      files: options.files,
      addMs,
      listing: { requests: times.length, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), items },
      move,
      zip: { files: options.zipFiles, bytes, generateMs, ms, rssGrowthMb: (peak - before) / MB },
    };
  } finally {
    await bench.close();
  }
}
