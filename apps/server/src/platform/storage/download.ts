import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { contentDisposition } from './file-names.ts';
import { MissingObjectError } from './missing-object.ts';
import type { StoredObjectRow } from './tables.ts';
import type { StorageDriver } from './types.ts';

/**
 * Types a browser may show in its own tab. Everything else, HTML and SVG above all (they run
 * scripts in our origin), is only ever downloaded.
 */
const INLINE_TYPES =
  /^(image\/(png|jpeg|gif|webp|avif|apng|x-icon)|application\/pdf|text\/plain|text\/csv|audio\/.+|video\/.+)$/;

export type ByteRange = { start: number; end: number };

/**
 * The single range of a `Range: bytes=...` header: `undefined` without a usable one (absent, not
 * bytes, several ranges: the whole object is sent), `null` when it cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

const etagOf = (row: StoredObjectRow) => `"${row.id}-${row.version}"`;

function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** `If-Range` keeps a range only while the object is the one the client saw. */
function rangeStillValid(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(lastModified.getTime() / 1000) * 1000 <= date;
}

/**
 * Sends a stored object's bytes as HTTP: streamed from the driver, with ranges (206, 416),
 * validators (ETag, Last-Modified, 304), the sniffed type and a disposition that never shows
 * active content inline.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  driver: StorageDriver,
  row: StoredObjectRow,
  options: { download: boolean },
): Promise<FastifyReply> {
  const etag = etagOf(row);
  const lastModified = row.createdAt;
  const type = row.contentType.startsWith('text/') ? `${row.contentType}; charset=utf-8` : row.contentType;
  const inline = !options.download && INLINE_TYPES.test(row.contentType);
  reply
    .header('etag', etag)
    .header('last-modified', lastModified.toUTCString())
    .header('cache-control', 'private, no-cache')
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name));
  if (notModified(request, etag, lastModified)) return reply.code(304).send();

  const range = rangeStillValid(request, etag, lastModified) ? parseRange(request.headers.range, row.size) : undefined;
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${row.size}`).send();
  }
  reply.type(type);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', row.size);
  }
  // Fastify's HEAD handling keeps the length for a stream (and would read a real one through).
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  if (row.size === 0) return reply.send('');
  try {
    return reply.send(await driver.get(row.key, range ?? undefined));
  } catch (err) {
    if (err instanceof MissingObjectError) {
      request.log.error({ id: row.id, key: row.key }, 'stored object has no bytes');
      for (const header of ['content-type', 'content-length', 'content-range', 'content-disposition']) {
        reply.removeHeader(header);
      }
      reply.code(200);
      throw notFound();
    }
    throw err;
  }
}
