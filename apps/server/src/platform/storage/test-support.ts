// Test helpers for the image and archive routes: a temp-dir driver, a reader over a list of
// rows with explicit readers, and a Fastify app with the real request context around them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { StorageDirectory } from '@agora/contracts';
import { requestContext } from '../auth/request-context.ts';
import { hashToken, randomToken } from '../auth/tokens.ts';
import { newId } from '../db/ids.ts';
import { notFound, registerErrorHandling } from '../errors.ts';
import type { Actor } from '../policy/index.ts';
import { createDiskDriver } from './disk-driver.ts';
import { objectKey, variantKeyOf } from './keys.ts';
import type { StoredObjectRow } from './tables.ts';
import type { StorageDriver, StorageReader } from './types.ts';

export const NETWORK_ID = newId();

/** The disk driver under a temporary folder. */
export function tempDirDriver(): StorageDriver & { root: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-storage-test-'));
  return { ...createDiskDriver(root), root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

export function actorFor(membershipId: string = newId(), networkId = NETWORK_ID): Actor {
  return {
    userId: newId(),
    membershipId,
    networkId,
    isNetworkAdmin: false,
    isExternal: false,
    locale: null,
    sessionId: newId(),
  };
}

/** A stored object; `readers` lists who may read it: 'anyone' (anonymous too) or membership ids. */
export type FakeObject = StoredObjectRow & { readers: 'anyone' | string[] };

/** A reader over rows kept in memory, answering 404 for what the actor may not read. */
export function fakeReader(driver: StorageDriver): StorageReader & {
  add(values: Partial<FakeObject> & { directory: StorageDirectory }, bytes: Buffer): Promise<FakeObject>;
} {
  const objects = new Map<string, FakeObject>();
  const mayRead = (actor: Actor | null, object: FakeObject) =>
    object.readers === 'anyone' || (actor !== null && object.readers.includes(actor.membershipId));
  return {
    driver,
    async loadReadable(actor, networkId, directory, id) {
      const object = objects.get(id);
      if (!object || object.networkId !== networkId || object.directory !== directory || !mayRead(actor, object))
        throw notFound();
      return object;
    },
    async readableMany(actor, ids) {
      return ids.flatMap((id) => {
        const object = objects.get(id);
        return object && object.networkId === actor.networkId && mayRead(actor, object) ? [object] : [];
      });
    },
    variantKey(object, variant) {
      return variantKeyOf(object.key, variant);
    },
    async add(values, bytes) {
      const id = values.id ?? newId();
      const key = objectKey(NETWORK_ID, id);
      await driver.put(key, Readable.from(bytes));
      const now = new Date();
      const object: FakeObject = {
        id,
        networkId: NETWORK_ID,
        state: 'published',
        name: 'file',
        extension: '',
        contentType: 'application/octet-stream',
        size: bytes.length,
        key,
        externalId: null,
        uploaderId: newId(),
        ownerType: null,
        ownerId: null,
        version: 1,
        lockedUntil: null,
        lockedById: null,
        quarantineReason: null,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
        readers: 'anyone',
        ...values,
      };
      objects.set(id, object);
      return object;
    },
  };
}

export type RouteTestApp = {
  app: FastifyInstance;
  /** Headers of a signed-in member's browser: host, the session cookie and the CSRF token. */
  signIn(actor: Actor): Record<string, string>;
};

/** Fastify with the real request context (sessions, CSRF, auth rules) around `routes`. */
export async function routeTestApp(routes: (app: FastifyInstance) => Promise<void>): Promise<RouteTestApp> {
  const sessions = new Map<string, { actor: Actor; csrfToken: string }>();
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(fastifyCookie, { secret: 'storage-test-secret-storage-test-secret' });
  await app.register(requestContext, {
    resolveNetwork: async () => ({ id: NETWORK_ID, name: 'Network', language: 'en' }),
    resolveSession: async (tokenHash) => sessions.get(tokenHash) ?? null,
  });
  await app.register(routes);
  await app.ready();
  return {
    app,
    signIn(actor) {
      const token = randomToken();
      const csrfToken = randomToken();
      sessions.set(hashToken(token), { actor, csrfToken });
      return { host: 'localhost', cookie: `agora_session=${app.signCookie(token)}`, 'x-csrf-token': csrfToken };
    },
  };
}

/** The entries of a zip, in order, as yauzl reads them. */
export function unzip(zip: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: Array<{ name: string; data: Buffer }> = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** A photo-like JPEG: a gradient, so that the crop and the encoder have something to work on. */
export async function photo(width: number, height: number, options: { orientation?: number } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const tagged = options.orientation ? image.withMetadata({ orientation: options.orientation }) : image;
  return tagged.jpeg({ quality: 90 }).toBuffer();
}
