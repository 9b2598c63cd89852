import { Readable, Transform, pipeline } from 'node:stream';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { FILE_ERROR_KEYS, type FolderExport } from '@agora/contracts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Actor } from '../../platform/policy/index.ts';
import {
  fileEntry,
  streamZip,
  type ArchiveEntry,
  type FolderArchiveItem,
  type StorageOwnerPolicy,
  type Storage,
  type StoredObjectRow,
} from '../../platform/storage/index.ts';
import type { MembersService } from '../members/index.ts';
import { folderCan, type FilesAccessService } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS, FOLDER_EXPORT_OWNER } from './events.ts';
import type { FilesRepository } from './repository.ts';
import { folderExports, type FolderExportRow } from './tables.ts';

export const FOLDER_EXPORT_QUEUE = 'files.folder-export';

/**
 * A stream that starts the zip when it is first read: a source failing at once then fails the
 * read, instead of an error emitted before the upload listens for one.
 */
function lazily(make: () => Readable): Readable {
  return Readable.from(
    (async function* () {
      yield* make();
    })(),
    { objectMode: false },
  );
}

/** Zip overhead per entry (headers, the central directory, deflate's worst case) kept free in a part. */
const ENTRY_OVERHEAD_BYTES = 64 * 1024;
/** How often the progress is written while a part is zipped. */
const PROGRESS_INTERVAL_MS = 1000;

export type ExportDeps = Pick<FilesDeps, 'db' | 'events'> & {
  storage: Pick<Storage, 'store' | 'attach' | 'removeOwned' | 'live' | 'driver' | 'maxBytes'>;
  jobs: Pick<Jobs, 'send' | 'work'>;
  members: Pick<MembersService, 'find' | 'actorFor'>;
  /** The folder's files with their paths for the member (archive-folders.ts). */
  folderArchive(actor: Actor, folderIds: string[]): Promise<FolderArchiveItem[] | null>;
};

/**
 * Exports of a folder as zip archives, made by a job: the subtree's readable files (for the
 * member who asked) streamed into stored objects (owner type `folder_export`), in parts no
 * larger than an upload may be. Readable by the member who asked and the folder's updaters.
 */
export function createFolderExports(deps: ExportDeps, repository: FilesRepository, access: FilesAccessService) {
  const { db } = deps;

  const update = (id: string, values: Partial<typeof folderExports.$inferInsert>) =>
    db.update(folderExports).set(values).where(eq(folderExports.id, id));

  function present(row: FolderExportRow, objects: StoredObjectRow[]): FolderExport {
    const byId = new Map(objects.map((o) => [o.id, o]));
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      createdAt: row.createdAt.toISOString(),
      error: row.error,
      files: row.objectIds.flatMap((id) => {
        const object = byId.get(id);
        if (!object) return [];
        const fileUrl = `/api/storage/files/${id}/get/${encodeURIComponent(object.name)}`;
        return [{ id, extension: object.extension, fileUrl, downloadUrl: `${fileUrl}?download` }];
      }),
    };
  }

  async function presentWithObjects(networkId: string, row: FolderExportRow): Promise<FolderExport> {
    const objects = row.objectIds.length > 0 ? await deps.storage.live(networkId, row.objectIds) : [];
    return present(row, objects);
  }

  /** Consecutive runs of items whose bytes fit into one stored object. */
  function parts(items: FolderArchiveItem[]): FolderArchiveItem[][] {
    const budget = deps.storage.maxBytes;
    const result: FolderArchiveItem[][] = [[]];
    let used = 0;
    for (const item of items) {
      const size = (item.object?.size ?? 0) + ENTRY_OVERHEAD_BYTES;
      if (used + size > budget && result.at(-1)!.length > 0) {
        result.push([]);
        used = 0;
      }
      result.at(-1)!.push(item);
      used += size;
    }
    return result;
  }

  async function run(id: string): Promise<void> {
    const [row] = await db.select().from(folderExports).where(eq(folderExports.id, id));
    if (!row || row.status === 'finished' || row.status === 'failed') return;
    await update(id, { status: 'in_progress', progress: 0 });
    const stored: StoredObjectRow[] = [];
    try {
      const member = await deps.members.find(row.networkId, row.requestedById);
      const [folder] = member ? await repository.folders(row.networkId, [row.folderId]) : [];
      if (!member || !folder) throw new Error('the folder or the member is gone');
      const actor = deps.members.actorFor(member, '', null);
      const items = await deps.folderArchive(actor, [row.folderId]);
      if (!items) throw new Error('the member reads the folder no more');

      const total = items.reduce((sum, item) => sum + (item.object?.size ?? 0), 0) || 1;
      let written = 0;
      let shown = 0;
      let lastWrite = Date.now();
      const progressed = (bytes: number) => {
        written += bytes;
        const percent = Math.min(99, Math.floor((written / total) * 100));
        if (percent > shown && Date.now() - lastWrite >= PROGRESS_INTERVAL_MS) {
          shown = percent;
          lastWrite = Date.now();
          void update(id, { progress: percent }).catch(() => undefined);
        }
      };
      const counted = (source: Readable): Readable => {
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            progressed(chunk.length);
            done(null, chunk);
          },
        });
        return pipeline(source, counter, () => undefined);
      };

      const split = parts(items);
      for (const [index, part] of split.entries()) {
        const entries: ArchiveEntry[] = part.map((item) => {
          if (!item.object)
            return { name: item.path, directory: true, open: () => Promise.reject(new Error('folder')) };
          const entry = fileEntry(deps.storage, item.object, item.path);
          return { ...entry, open: async () => counted(await entry.open()) };
        });
        const suffix = split.length > 1 ? ` (${index + 1})` : '';
        const object = await deps.storage.store({
          networkId: row.networkId,
          uploaderId: row.requestedById,
          directory: 'files',
          fileName: `${folder.name}${suffix}.zip`,
          body: lazily(() => streamZip(entries)),
        });
        stored.push(object);
        if (object.state !== 'volatile') throw new Error(`the archive is in ${object.state}`);
      }

      await deps.events.transaction(async (tx) => {
        await deps.storage.attach(
          actor,
          stored.map((o) => o.id),
          { type: FOLDER_EXPORT_OWNER, id },
          { db: tx },
        );
        await tx
          .update(folderExports)
          .set({ status: 'finished', progress: 100, objectIds: stored.map((o) => o.id), finishedAt: new Date() })
          .where(eq(folderExports.id, id));
      });
    } catch {
      await deps.storage.removeOwned(row.networkId, { objectIds: stored.map((o) => o.id) }).catch(() => undefined);
      await update(id, { status: 'failed', error: FILE_ERROR_KEYS.exportFailed, finishedAt: new Date() });
    }
  }

  deps.jobs.work<{ id: string }>(FOLDER_EXPORT_QUEUE, ({ data }) => run(data.id));

  /** Whether the member may see the export: who asked for it, and who may change the folder. */
  async function readableIds(actor: Actor, rows: FolderExportRow[]): Promise<Set<string>> {
    const mine = rows.filter((r) => r.requestedById === actor.membershipId);
    const others = rows.filter((r) => r.requestedById !== actor.membershipId);
    const readable = new Set(mine.map((r) => r.id));
    if (others.length > 0) {
      const filesAccess = await access.load(actor);
      const folders = new Map(
        (await repository.folders(actor.networkId, [...new Set(others.map((r) => r.folderId))])).map((f) => [f.id, f]),
      );
      for (const row of others) {
        const folder = folders.get(row.folderId);
        if (folder && folderCan(filesAccess, folder).update) readable.add(row.id);
      }
    }
    return readable;
  }

  const owner: StorageOwnerPolicy = {
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId || ownerIds.length === 0) return new Set();
      const rows = await db
        .select()
        .from(folderExports)
        .where(and(eq(folderExports.networkId, networkId), inArray(folderExports.id, ownerIds)));
      return readableIds(actor, rows);
    },
  };

  return {
    owner,
    run,

    /** `POST /api/storage/folders/{id}/export`: whoever reads the folder; the job starts after the commit. */
    async start(actor: Actor, folderId: string): Promise<FolderExport> {
      const filesAccess = await access.load(actor);
      const folder = await access.loadFolder(filesAccess, folderId);
      const row = await deps.events.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(folderExports)
          .values({ networkId: actor.networkId, folderId: folder.id, requestedById: actor.membershipId })
          .returning();
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: FILE_EVENTS.folderExported,
          actorId: actor.membershipId,
          subject: { type: 'folder', id: folder.id },
          context: { type: folder.contextType, id: folder.contextId },
          changes: { name: folder.name, export_id: inserted!.id },
        });
        await deps.jobs.send(FOLDER_EXPORT_QUEUE, { id: inserted!.id }, { tx, retryLimit: 0 });
        return inserted!;
      });
      return present(row, []);
    },

    /** `GET /api/storage/folders/{id}/export`: the latest export the member may see; 404 when none. */
    async latest(actor: Actor, folderId: string): Promise<FolderExport | null> {
      const filesAccess = await access.load(actor);
      const folder = await access.loadFolder(filesAccess, folderId);
      const rows = await db
        .select()
        .from(folderExports)
        .where(and(eq(folderExports.networkId, actor.networkId), eq(folderExports.folderId, folder.id)))
        .orderBy(desc(folderExports.createdAt), desc(folderExports.id))
        .limit(50);
      const readable = await readableIds(actor, rows);
      const row = rows.find((r) => readable.has(r.id));
      return row ? presentWithObjects(actor.networkId, row) : null;
    },
  };
}

export type FolderExports = ReturnType<typeof createFolderExports>;
