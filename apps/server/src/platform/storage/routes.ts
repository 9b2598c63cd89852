import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_KEYS,
  ID_PATTERN,
  instantSchema,
  STORAGE_DIRECTORIES,
  type LockAnswer,
  type PublishAnswer,
  type RemovedItem,
  type StorageDirectory,
  type StoredItem,
} from '@agora/contracts';
import { HttpError, notFound, unauthorized, unprocessable } from '../errors.ts';
import { sendStoredObject } from './download.ts';
import { presentLock, presentStoredItem } from './present.ts';
import type { Storage } from './service.ts';
import type { StoredObjectRow } from './tables.ts';
import { tooLarge, type ReceivedUpload } from './upload.ts';

// Room for the multipart envelope and the small fields around the file.
const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_EXTERNAL_ID = 255;
const MAX_PUBLISH_ITEMS = 200;
const TAGS = ['storage'];

const directoryParams = z.object({ directory: z.string().max(40) });
const objectParams = z.object({ directory: z.string().max(40), id: z.string().max(64) });
const fileParams = z.object({ id: z.string().max(64) });
const publishBody = z.object(
  Object.fromEntries(
    STORAGE_DIRECTORIES.map((d) => [
      d,
      z
        .array(z.object({ id: z.string().max(64) }))
        .max(MAX_PUBLISH_ITEMS)
        .optional(),
    ]),
  ) as Record<StorageDirectory, z.ZodOptional<z.ZodArray<z.ZodObject<{ id: z.ZodString }>>>>,
);
const lockBody = z.object({
  /** A time with offset, `'default'` for the network's default lock period, or null to unlock. */
  locked_until: z.union([z.literal('default'), instantSchema, z.null()]),
});
const downloadQuery = z.object({
  download: z.string().max(10).optional(),
  token: z.string().max(100).optional(),
  // `?_=v{major}` only makes a version's address differ for caches.
  _: z.string().max(32).optional(),
});

const isDirectory = (value: string): value is StorageDirectory =>
  (STORAGE_DIRECTORIES as readonly string[]).includes(value);

function directoryOf(value: string): StorageDirectory {
  if (!isDirectory(value)) throw notFound();
  return value;
}

function idOf(value: string): string {
  if (!ID_PATTERN.test(value)) throw notFound();
  return value;
}

/** The storage API of the spec (communication spec, section 7, Files and storage). */
export function storageRoutes(deps: { storage: Storage }) {
  const { storage } = deps;
  const present = (row: StoredObjectRow): StoredItem =>
    presentStoredItem(row, row.directory === 'files' && row.state !== 'quarantine' ? storage.fileToken(row) : null);

  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      // The pipeline counts the bytes itself; busboy stops just past the limit.
      throwFileSizeLimit: false,
      limits: { fileSize: storage.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 50 },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/storage/:directory',
      {
        // A form may send many files at once: uploads have a budget of their own.
        config: { auth: 'member', budget: 'uploads' },
        schema: { params: directoryParams, tags: TAGS, consumes: ['multipart/form-data'] },
      },
      async (request, reply): Promise<StoredItem> => {
        const actor = request.actor!;
        const directory = directoryOf(request.params.directory);
        if (!request.isMultipart()) throw unprocessable({ file: [ERROR_KEYS.required] });
        // A body that cannot fit is refused before a byte of it is read; the connection closes
        // so that the client stops sending.
        if (Number(request.headers['content-length']) > storage.maxBytes + MULTIPART_OVERHEAD) {
          reply.header('connection', 'close');
          throw tooLarge(storage.maxBytes);
        }
        const fields: Record<string, string> = Object.create(null);
        let received: ReceivedUpload | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || received) {
                part.file.resume();
                continue;
              }
              received = await storage.receive({
                networkId: actor.networkId,
                uploaderId: actor.membershipId,
                directory,
                fileName: fields.name || part.filename,
                body: part.file,
              });
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
          if (!received) throw unprocessable({ file: [ERROR_KEYS.required] });
          if ((fields.external_id?.length ?? 0) > MAX_EXTERNAL_ID) {
            throw unprocessable({ external_id: [ERROR_KEYS.tooLong] });
          }
        } catch (err) {
          if (received) await storage.discard(received);
          reply.header('connection', 'close');
          throw multipartError(err);
        }
        return present(await storage.complete(received, { name: fields.name, externalId: fields.external_id }));
      },
    );

    r.post(
      '/api/storage/:directory/publish',
      { config: { auth: 'member' }, schema: { params: directoryParams, body: publishBody, tags: TAGS } },
      async (request): Promise<PublishAnswer> => {
        directoryOf(request.params.directory);
        for (const items of Object.values(request.body)) for (const item of items ?? []) idOf(item.id);
        const published = await storage.publish(request.actor!, request.body);
        return Object.fromEntries([...published].map(([directory, rows]) => [directory, rows.map(present)]));
      },
    );

    r.delete(
      '/api/storage/:directory/:id',
      { config: { auth: 'member' }, schema: { params: objectParams, tags: TAGS } },
      async (request): Promise<RemovedItem> => {
        const removed = await storage.remove(
          request.actor!,
          directoryOf(request.params.directory),
          idOf(request.params.id),
        );
        return { id: removed.id, state: 'removed' };
      },
    );

    r.put(
      '/api/storage/:directory/:id/lock',
      { config: { auth: 'member' }, schema: { params: objectParams, body: lockBody, tags: TAGS } },
      async (request): Promise<LockAnswer> => {
        const row = await storage.lock(
          request.actor!,
          directoryOf(request.params.directory),
          idOf(request.params.id),
          request.body.locked_until,
        );
        return presentLock(row);
      },
    );

    r.get(
      '/api/storage/files/:id/token',
      { config: { auth: 'member' }, schema: { params: fileParams, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        const row = await storage.loadReadable(actor, actor.networkId, 'files', idOf(request.params.id));
        return { token: storage.fileToken(row) };
      },
    );

    // Public: a download token (links opened in a new tab or an office app) stands in for the
    // session, and the network's own files (its logo) are for everyone.
    r.get(
      '/api/storage/files/:id/get/:name',
      {
        config: { auth: 'public' },
        schema: {
          params: z.object({ id: z.string().max(64), name: z.string() }),
          querystring: downloadQuery,
          tags: TAGS,
        },
      },
      async (request, reply) => {
        const id = idOf(request.params.id);
        const { token, download } = request.query;
        const networkId = request.network.id;
        let row = token ? await storage.loadByToken(networkId, 'files', id, token) : null;
        if (!row) {
          if (!request.actor) {
            row = await storage.loadReadable(null, networkId, 'files', id).catch(() => {
              throw token ? unauthorized(ERROR_KEYS.invalidToken) : unauthorized();
            });
          } else row = await storage.loadReadable(request.actor, networkId, 'files', id);
        }
        // `?_=v{major}` of an older version: the bytes its owner kept.
        const major = /^v(\d{1,9})$/.exec(request.query._ ?? '')?.[1];
        if (major !== undefined) {
          const version = await storage.atVersion(row, Number(major));
          if (!version) throw notFound();
          row = version;
        }
        return sendStoredObject(request, reply, storage.driver, row, {
          download: download !== undefined && download !== 'false' && download !== '0',
        });
      },
    );

    r.get('/api/storage/v2/discover', { config: { auth: 'member' }, schema: { tags: TAGS } }, async () => ({
      ok: await storage.discover(),
    }));
  };
}

/** The multipart parser's own limits, said as the API says them. */
function multipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return unprocessable({ file: [ERROR_KEYS.invalid] });
  }
  return err;
}
