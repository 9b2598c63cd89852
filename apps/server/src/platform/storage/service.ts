import { sql } from 'drizzle-orm';
import type { PublishBody, StorageDirectory, UploadState } from '@agora/contracts';
import type { Db } from '../db/client.ts';
import { forbidden, notFound, unprocessable } from '../errors.ts';
import type { Events } from '../events/index.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Actor } from '../policy/index.ts';
import type { ClosableDriver } from './driver.ts';
import type { ExtensionFilter } from './extension-filter.ts';
import { createFileTokens } from './file-tokens.ts';
import { prefixOfKey, variantKeyOf } from './keys.ts';
import { createLocks } from './locks.ts';
import { createOwnerRegistry, type StorageOwnerPolicy, type StorageOwnerRef } from './owners.ts';
import { createContentReplacer } from './replace-content.ts';
import { createStorageRepository, LIVE_STATES } from './repository.ts';
import type { VirusScanner } from './scanner.ts';
import { createSweep } from './sweep.ts';
import { storedObjects, type StoredObjectRow } from './tables.ts';
import type { FolderArchiveSource, StorageReader } from './types.ts';
import { createUploader, type UploadInput } from './upload.ts';
import { UPLOAD_PUBLISHED, UPLOAD_REMOVED, uploadEvent } from './upload-events.ts';

export type StorageNetworkSettings = { file_extension_filter: ExtensionFilter; default_lock_period_days: number };

export type StorageDeps = {
  db: Db;
  driver: ClosableDriver;
  scanner: VirusScanner;
  /** Signs download tokens (the session secret). */
  secret: string;
  maxBytes: number;
  /**
   * The network's upload settings. Platform code cannot import the networks module, which
   * hands them over with `useNetworkSettings` when it is made; tests may give them here.
   */
  networkSettings?(networkId: string): Promise<StorageNetworkSettings>;
  /** Registers the sweep's worker when given. */
  jobs?: Jobs;
  /**
   * Where publishing and removing a file is recorded (`upload.published`, `upload.removed`), in
   * the write's transaction; absent only where storage is tested on its own.
   */
  events?: Pick<Events, 'record' | 'transaction'>;
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
};

export const SWEEP_QUEUE = 'storage.sweep';

const silent = { warn: () => {}, error: () => {} };

const isLive = (state: UploadState) => LIVE_STATES.includes(state);

/**
 * The storage service every module uses: uploads and their lifecycle (uploading -> volatile ->
 * published, removed, quarantine), who may read what (the owner registry), download tokens,
 * locks and the sweep of uploads never published.
 */
export function createStorage(deps: StorageDeps) {
  const { db, driver } = deps;
  const log = deps.log ?? silent;
  const repository = createStorageRepository(db);
  const owners = createOwnerRegistry();
  const tokens = createFileTokens(deps.secret);
  let settingsOf =
    deps.networkSettings ??
    (async (): Promise<StorageNetworkSettings> => {
      throw new Error('No module gave storage the network settings');
    });
  const networkSettings = (networkId: string) => settingsOf(networkId);
  let discoveryCheck: () => Promise<boolean> = async () => true;
  let folderSource: FolderArchiveSource | null = null;
  const uploader = createUploader({
    repository,
    driver,
    scanner: deps.scanner,
    maxBytes: deps.maxBytes,
    extensionFilter: async (networkId) => (await networkSettings(networkId)).file_extension_filter,
    log,
  });

  /** Of `rows`, those the actor may read: volatile and unattached ones are the uploader's alone. */
  async function readableRows(actor: Actor | null, networkId: string, rows: StoredObjectRow[]) {
    const live = rows.filter((row) => row.networkId === networkId && isLive(row.state));
    const wanted = new Map<string, Set<string>>();
    for (const row of live) {
      if (row.state === 'published' && row.ownerType && row.ownerId) {
        let ids = wanted.get(row.ownerType);
        if (!ids) wanted.set(row.ownerType, (ids = new Set()));
        ids.add(row.ownerId);
      }
    }
    const readable = await owners.readable(actor, networkId, wanted);
    return live.filter((row) =>
      row.state === 'published' && row.ownerType && row.ownerId
        ? (readable.get(row.ownerType)?.has(row.ownerId) ?? false)
        : actor !== null && row.uploaderId === actor.membershipId,
    );
  }

  async function loadReadable(actor: Actor | null, networkId: string, directory: StorageDirectory, id: string) {
    const row = await repository.find(networkId, id);
    if (!row || row.directory !== directory) throw notFound();
    const [readable] = await readableRows(actor, networkId, [row]);
    if (!readable) throw notFound();
    return readable;
  }

  /** Whether the actor may change (remove, lock) a readable object: its owner decides, else its uploader. */
  async function ownerAllows(actor: Actor, row: StoredObjectRow, rule: 'canUpdate' | 'canLock') {
    if (!row.ownerType || !row.ownerId) return row.uploaderId === actor.membershipId;
    return (await owners.get(row.ownerType)?.[rule]?.(actor, row.ownerId)) ?? false;
  }

  /** A transaction whose recorded events are taken up right after its commit. */
  const transaction = <T>(fn: (tx: Db) => Promise<T>): Promise<T> =>
    deps.events ? deps.events.transaction(fn) : db.transaction(fn);

  async function record(tx: Db, type: string, rows: StoredObjectRow[], actorId: string | null): Promise<void> {
    if (deps.events && rows.length > 0)
      await deps.events.record(tx, ...rows.map((row) => uploadEvent(type, row, actorId)));
  }

  const lockedByOther = (actor: Actor, row: StoredObjectRow, now: Date) =>
    row.lockedUntil !== null && row.lockedUntil > now && row.lockedById !== actor.membershipId;

  /** Deletes the bytes of removed objects (with their variants); the rows stay as a record until the sweep. */
  async function purge(rows: StoredObjectRow[]): Promise<void> {
    await Promise.all(rows.map((row) => driver.deletePrefix(prefixOfKey(row.key))));
  }

  const sweep = createSweep({ repository, driver, log });
  const locks = createLocks({ repository, loadReadable, ownerAllows, lockedByOther, settings: networkSettings });

  deps.jobs?.work(SWEEP_QUEUE, async () => {
    await sweep();
  });

  const storage = {
    driver,
    scanner: deps.scanner,
    maxBytes: deps.maxBytes,

    /** Declares who may read (and change, and lock) the uploads an owner type holds. */
    /** Where the network's upload settings come from (the networks module). */
    useNetworkSettings(source: (networkId: string) => Promise<StorageNetworkSettings>): void {
      settingsOf = source;
    },
    /** Where folder archives get their files from (the files module). */
    useFolderArchive(source: FolderArchiveSource): void {
      folderSource = source;
    },
    folderArchive: (actor: Actor, folderIds: string[]) =>
      folderSource ? folderSource(actor, folderIds) : Promise.resolve(null),
    registerOwner(type: string, policy: StorageOwnerPolicy): void {
      owners.register(type, policy);
    },

    /** First half of an upload (the route's multipart file part): checks, sniffs and stores the bytes. */
    receive: uploader.receive,
    /** Second half: the fields sent after the bytes, then the scan; answers the volatile (or quarantined) row. */
    complete: uploader.complete,
    /** Gives up a received upload (a later part of the request failed). */
    discard: (received: { row: StoredObjectRow }) => uploader.discard(received.row),

    /** An upload made by the server itself (seeds, generated files), through the same checks. */
    async store(input: UploadInput & { name?: string; externalId?: string }): Promise<StoredObjectRow> {
      return uploader.complete(await uploader.receive(input), { name: input.name, externalId: input.externalId });
    },

    loadReadable,

    async readableMany(actor: Actor, ids: string[]): Promise<StoredObjectRow[]> {
      const rows = await repository.findLive(actor.networkId, [...new Set(ids)]);
      const readable = new Map((await readableRows(actor, actor.networkId, rows)).map((r) => [r.id, r]));
      const seen = new Set<string>();
      return ids.flatMap((id) => {
        const row = readable.get(id);
        if (!row || seen.has(id)) return [];
        seen.add(id);
        return [row];
      });
    },

    variantKey(object: StoredObjectRow, variant: string): string {
      return variantKeyOf(object.key, variant);
    },

    /** A short-lived token for download links of a file the caller has checked is readable. */
    fileToken(row: StoredObjectRow): string {
      return tokens.issue(row.networkId, row.id);
    },

    /** The live object a download token was issued for; null when the token does not fit. */
    async loadByToken(networkId: string, directory: StorageDirectory, id: string, token: string) {
      if (!tokens.verify(token, networkId, id)) return null;
      const row = await repository.find(networkId, id);
      return row && row.directory === directory && isLive(row.state) ? row : null;
    },

    /**
     * `POST /api/storage/{directory}/publish`: the actor's volatile uploads become published,
     * all or none. Ids of others' uploads, unknown or removed ones, or in another directory: 404.
     */
    async publish(actor: Actor, body: PublishBody): Promise<Map<StorageDirectory, StoredObjectRow[]>> {
      const wanted = Object.entries(body).flatMap(([directory, items]) =>
        (items ?? []).map((item) => ({ directory: directory as StorageDirectory, id: item.id })),
      );
      return transaction(async (tx) => {
        const ids = [...new Set(wanted.map((w) => w.id))];
        const rows = new Map((await repository.findLive(actor.networkId, ids, tx, true)).map((r) => [r.id, r]));
        for (const { directory, id } of wanted) {
          const row = rows.get(id);
          if (!row || row.directory !== directory || row.uploaderId !== actor.membershipId) throw notFound();
        }
        const volatile = [...rows.values()].filter((r) => r.state === 'volatile').map((r) => r.id);
        const published = await repository.updateMany(volatile, { state: 'published', publishedAt: new Date() }, tx);
        for (const row of published) rows.set(row.id, row);
        await record(tx, UPLOAD_PUBLISHED, published, actor.membershipId);
        const answer = new Map<StorageDirectory, StoredObjectRow[]>();
        for (const { directory, id } of wanted) {
          const list = answer.get(directory) ?? [];
          if (!list.some((r) => r.id === id)) list.push(rows.get(id)!);
          answer.set(directory, list);
        }
        return answer;
      });
    },

    /**
     * Gives the actor's uploads (volatile, or published and not yet attached) to an owner, in
     * the caller's transaction when `db` is given. Uploads already held by the same owner pass;
     * any other id fails the whole call with 422 on `field`.
     */
    async attach(
      actor: Actor,
      ids: string[],
      owner: StorageOwnerRef,
      options: { db?: Db; field?: string; directory?: StorageDirectory } = {},
    ): Promise<StoredObjectRow[]> {
      if (!owners.has(owner.type)) throw new Error(`No storage owner ${owner.type} is registered`);
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const run = async (tx: Db) => {
        const rows = new Map((await repository.findLive(actor.networkId, unique, tx, true)).map((r) => [r.id, r]));
        const fits = (row: StoredObjectRow | undefined) =>
          row !== undefined &&
          (!options.directory || row.directory === options.directory) &&
          (row.ownerType === null
            ? row.uploaderId === actor.membershipId
            : row.ownerType === owner.type && row.ownerId === owner.id);
        if (!unique.every((id) => fits(rows.get(id))))
          throw unprocessable({ [options.field ?? 'file_ids']: ['invalid'] });
        const unattached = unique.filter((id) => rows.get(id)!.ownerType === null);
        // Uploads published before (by the publish call) were recorded then.
        const volatile = new Set(unattached.filter((id) => rows.get(id)!.state === 'volatile'));
        const attached = await repository.updateMany(
          unattached,
          {
            state: 'published',
            ownerType: owner.type,
            ownerId: owner.id,
            publishedAt: sql`coalesce(${storedObjects.publishedAt}, now())`,
          },
          tx,
        );
        for (const row of attached) rows.set(row.id, row);
        await record(
          tx,
          UPLOAD_PUBLISHED,
          attached.filter((row) => volatile.has(row.id)),
          actor.membershipId,
        );
        return unique.map((id) => rows.get(id)!);
      };
      return options.db ? run(options.db) : transaction(run);
    },

    /** The published uploads of some owners, keyed by owner id (one query). */
    async owned(networkId: string, ownerType: string, ownerIds: string[]): Promise<Map<string, StoredObjectRow[]>> {
      const result = new Map<string, StoredObjectRow[]>();
      for (const row of await repository.owned(networkId, ownerType, [...new Set(ownerIds)])) {
        const list = result.get(row.ownerId!) ?? [];
        list.push(row);
        result.set(row.ownerId!, list);
      }
      return result;
    },

    /**
     * Removes the uploads of owners being deleted, or the given ones. Inside the caller's
     * transaction (`db`) only the rows change: call `purge` with the answer after the commit
     * (or leave the bytes to the sweep); without one the bytes go at once. `actorId` is who
     * removes them (null: the system, with what owned them).
     */
    async removeOwned(
      networkId: string,
      owner: { type: string; ids: string[] } | { objectIds: string[] },
      options: { db?: Db; actorId?: string | null } = {},
    ): Promise<StoredObjectRow[]> {
      const run = async (tx: Db) => {
        const rows =
          'objectIds' in owner
            ? await repository.findLive(networkId, owner.objectIds, tx)
            : await repository.owned(networkId, owner.type, owner.ids, tx);
        const removed = await repository.updateMany(
          rows.map((r) => r.id),
          { state: 'removed' },
          tx,
        );
        const wasPublished = new Set(rows.filter((r) => r.state === 'published').map((r) => r.id));
        await record(
          tx,
          UPLOAD_REMOVED,
          removed.filter((row) => wasPublished.has(row.id)),
          options.actorId ?? null,
        );
        return removed;
      };
      if (options.db) return run(options.db);
      const removed = await transaction(run);
      await purge(removed);
      return removed;
    },

    purge,

    /** `DELETE /api/storage/{directory}/{id}`: the uploader while unattached, else the owner's `canUpdate`. */
    async remove(actor: Actor, directory: StorageDirectory, id: string): Promise<StoredObjectRow> {
      const row = await loadReadable(actor, actor.networkId, directory, id);
      if (!(await ownerAllows(actor, row, 'canUpdate'))) throw forbidden();
      if (lockedByOther(actor, row, new Date())) throw forbidden('locked');
      const removed = await transaction(async (tx) => {
        const updated = await repository.update(row.id, { state: 'removed' }, tx);
        // A volatile upload taken back before it was ever published is no file's end.
        if (row.state === 'published') await record(tx, UPLOAD_REMOVED, [updated], actor.membershipId);
        return updated;
      });
      await purge([removed]);
      return removed;
    },

    lock: locks.lock,

    /** Swaps a published object's bytes for a volatile upload's, in the caller's transaction (a file's new version). */
    replaceContent: createContentReplacer(repository),

    /** The object as it was at another major version (`?_=v{major}`), as its owner keeps it; null when unknown. */
    async atVersion(row: StoredObjectRow, major: number): Promise<StoredObjectRow | null> {
      if (major === row.version) return row;
      const policy = row.ownerType && row.ownerId ? owners.get(row.ownerType) : undefined;
      const content = await policy?.versionContent?.(row.ownerId!, major);
      return content ? { ...row, ...content, version: major } : null;
    },

    /** Deletes bytes kept under keys no row holds any more (a file's old versions). */
    async purgeKeys(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => driver.deletePrefix(prefixOfKey(key))));
    },

    /** Of `ids`, the objects of the network that are still live (volatile or published), in one query. */
    live(networkId: string, ids: string[]): Promise<StoredObjectRow[]> {
      return repository.findLive(networkId, [...new Set(ids)]);
    },

    /** Deletes stale volatile uploads, removed ones and old quarantine records (rows and bytes). */
    sweep,

    /** Asks the job queue for a sweep (the server does so hourly). */
    async scheduleSweep(): Promise<void> {
      await deps.jobs?.send(SWEEP_QUEUE, {}, { singletonKey: SWEEP_QUEUE, retryLimit: 2 });
    },

    check: () => driver.check(),
    /**
     * What else `GET /api/storage/v2/discover` answers for: the files module hands over whether
     * the office server's discovery can be read, where one is configured.
     */
    useDiscoveryCheck(check: () => Promise<boolean>): void {
      discoveryCheck = check;
    },
    /** The store answers and, where an office server is configured, so does its discovery. */
    discover: async () => (await driver.check()) && (await discoveryCheck()),
    close: () => driver.close(),
  } satisfies StorageReader & Record<string, unknown>;
  return storage;
}

export type Storage = ReturnType<typeof createStorage>;
