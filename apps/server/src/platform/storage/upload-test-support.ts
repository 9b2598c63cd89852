// Test helpers for the upload lifecycle: multipart bodies built by hand (also streamed, for
// large files), an S3-compatible server in the process, and a fake clamd.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export type MultipartFile = { filename: string; content: Buffer | { stream: Readable; size: number }; type?: string };

/** A multipart/form-data body: fields in the given order, the file where `file` is listed. */
export function multipartBody(parts: Array<[string, string | MultipartFile]>): {
  payload: Buffer | Readable;
  headers: Record<string, string>;
} {
  const boundary = `----agora${randomBytes(12).toString('hex')}`;
  const pieces: Array<Buffer | { stream: Readable; size: number }> = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      pieces.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'),
      );
    } else {
      const filename = value.filename.replace(/"/g, '%22');
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
            `Content-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
      );
      pieces.push(value.content, Buffer.from('\r\n'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (pieces.every((p) => Buffer.isBuffer(p))) return { payload: Buffer.concat(pieces as Buffer[]), headers };
  const length = pieces.reduce((sum, p) => sum + (Buffer.isBuffer(p) ? p.length : p.size), 0);
  async function* stream() {
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) yield piece;
      else for await (const chunk of piece.stream) yield chunk as Buffer;
    }
  }
  return {
    payload: Readable.from(stream(), { objectMode: false }),
    headers: { ...headers, 'content-length': String(length) },
  };
}

export type UploadOptions = { name?: string; externalId?: string; type?: string; host?: string };

/** `POST /api/storage/{directory}` as the upload field sends it: file, name, type, external_id. */
export function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  directory: string,
  filename: string,
  content: Buffer | string | { stream: Readable; size: number },
  options: UploadOptions = {},
) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const parts: Array<[string, string | MultipartFile]> = [['file', { filename, content: bytes, type: options.type }]];
  if (options.name !== undefined) parts.push(['name', options.name]);
  if (options.type !== undefined) parts.push(['type', options.type]);
  if (options.externalId !== undefined) parts.push(['external_id', options.externalId]);
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `/api/storage/${directory}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** A stream of `size` bytes made on the fly (nothing of that size is ever in memory). */
export function generatedStream(size: number, chunkSize = 64 * 1024): Readable {
  const chunk = randomBytes(chunkSize);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Every file under `root`, relative (the temporary folder of the disk driver excluded). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((p) => !p.startsWith('.tmp/'));
}

/**
 * s3rver (an S3-compatible server) on a random port with one bucket: in this process, or in a
 * child process where a test measures this process's memory.
 */
export async function startS3rver(bucket = 'agora-test', options: { childProcess?: boolean } = {}) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const data = tempDir('agora-s3rver-');
  const serverOptions = {
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: data.dir,
    configureBuckets: [{ name: bucket }],
  };
  let port: number;
  let stop: () => Promise<void>;
  if (options.childProcess) {
    const script =
      `const S3rver = require('s3rver'); new S3rver(${JSON.stringify(serverOptions)}).run()` +
      `.then(({ port }) => process.stdout.write(port + '\\n'));`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    child.removeAllListeners('exit');
    stop = async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    };
  } else {
    const { default: S3rver } = await import('s3rver');
    const server = new S3rver(serverOptions);
    port = (await server.run()).port;
    stop = () => server.close();
  }
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Every key in the bucket. */
    async keys(): Promise<string[]> {
      const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (answer.Contents ?? []).map((c) => c.Key!);
      } finally {
        client.destroy();
      }
    },
    async close() {
      await stop();
      data.remove();
    },
  };
}

/** The EICAR test string every virus scanner reports, and nothing else does. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/**
 * A clamd on a unix socket speaking INSTREAM: it reassembles the chunks and answers FOUND for
 * the EICAR string, OK otherwise, or whatever `reply` says.
 */
export async function fakeClamd(options: { reply?: (bytes: Buffer) => string } = {}) {
  const dir = tempDir('agora-clamd-');
  const socket = path.join(dir.dir, 'clamd.sock');
  const scanned: Buffer[] = [];
  const server = net.createServer((connection) => {
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    const chunks: Buffer[] = [];
    connection.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const end = buffer.indexOf(0);
        if (end === -1) return;
        if (buffer.subarray(0, end).toString() !== 'zINSTREAM') return void connection.end('UNKNOWN COMMAND\0');
        commandRead = true;
        buffer = buffer.subarray(end + 1);
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const bytes = Buffer.concat(chunks);
          scanned.push(bytes);
          const answer = options.reply?.(bytes) ?? (bytes.includes(EICAR) ? 'Eicar-Test-Signature FOUND' : 'OK');
          return void connection.end(`stream: ${answer}\0`);
        }
        if (buffer.length < 4 + length) return;
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    scanned,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      dir.remove();
    },
  };
}

/** A test server storing on local disk (a temporary DATA_DIR) or in s3rver; `storedKeys` lists what the driver holds. */
export async function storageTestApp(
  driver: 'disk' | 's3',
  env: Record<string, string> = {},
  options: { s3InChildProcess?: boolean } = {},
) {
  const { createTestApp } = await import('../../testing/index.ts');
  const data = tempDir('agora-storage-');
  const s3 = driver === 's3' ? await startS3rver('agora-test', { childProcess: options.s3InChildProcess }) : null;
  const t = await createTestApp({ DATA_DIR: data.dir, ...(s3?.env ?? {}), ...env });
  return {
    ...t,
    dataDir: data.dir,
    storedKeys: async (): Promise<string[]> => (s3 ? s3.keys() : filesUnder(path.join(data.dir, 'storage'))),
    async close() {
      await t.close();
      await s3?.close();
      data.remove();
    },
  };
}

export type StorageTestApp = Awaited<ReturnType<typeof storageTestApp>>;
