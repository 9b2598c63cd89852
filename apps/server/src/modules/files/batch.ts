import { ERROR_KEYS, type BatchAnswer, type BatchRefusal, type batchSchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import {
  fileCan,
  folderCan,
  frozenReason,
  isSpecial,
  readsFolder,
  type FilesAccess,
  type FilesAccessService,
} from './access.ts';
import { createBatchRepository } from './batch-repository.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS } from './events.ts';
import type { Removal, RemoveOutcome } from './remove.ts';
import type { FilesRepository } from './repository.ts';
import type { FolderRow } from './tables.ts';

export type BatchBody = z.output<typeof batchSchema>;

type Outcome = RemoveOutcome;
const done: Outcome = { done: true };
const refused = (reason: BatchRefusal): Outcome => ({ done: false, reason });

/** A 404 of loading an item is its `not_found`; any other failure is the request's. */
async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * Batch moves and deletes (`POST /api/storage/{type}/move`, `DELETE /api/storage/{type}`):
 * one transaction per item, so an item refused (locked, finalized, forbidden ...) leaves the
 * others done; the answer lists both.
 */
export function createBatch(
  deps: FilesDeps,
  repository: FilesRepository,
  parts: { access: FilesAccessService; removal: Removal },
) {
  const batchRepository = createBatchRepository(deps.db);
  const { access, removal } = parts;

  async function each(
    body: BatchBody,
    fileStep: (id: string) => Promise<Outcome>,
    folderStep: (id: string) => Promise<Outcome>,
  ): Promise<BatchAnswer> {
    const answer: BatchAnswer = { done: { file_ids: [], folder_ids: [] }, refused: [] };
    for (const [type, ids, step] of [
      ['file', body.file_ids, fileStep],
      ['folder', body.folder_ids, folderStep],
    ] as const) {
      for (const id of new Set(ids)) {
        const outcome = await step(id);
        if (outcome.done) answer.done[type === 'file' ? 'file_ids' : 'folder_ids'].push(id);
        else answer.refused.push({ id, type, reason: outcome.reason });
      }
    }
    return answer;
  }

  /** The folder the items go to: required, and readable (404 otherwise). */
  async function targetOf(filesAccess: FilesAccess, body: BatchBody): Promise<FolderRow> {
    if (!body.target_folder_id) throw unprocessable({ target_folder_id: [ERROR_KEYS.required] });
    return access.loadFolder(filesAccess, body.target_folder_id);
  }

  async function moveFile(
    filesAccess: FilesAccess,
    id: string,
    sourceId: string | null,
    target: FolderRow,
    objects: Map<string, StoredObjectRow>,
  ) {
    const { actor } = filesAccess;
    const object = objects.get(id);
    const lock = object ? { lockedUntil: object.lockedUntil, lockedById: object.lockedById } : null;
    return deps.events.transaction(async (tx): Promise<Outcome> => {
      const file = await batchRepository.lockFile(tx, actor.networkId, id);
      const folders = file ? ((await repository.foldersOfFiles([id], tx)).get(id) ?? []) : [];
      if (!file || !folders.some((f) => readsFolder(filesAccess, f))) return refused('not_found');
      // Without a source, a file in one folder leaves that one.
      const source = sourceId ? folders.find((f) => f.id === sourceId) : folders.length === 1 ? folders[0] : undefined;
      if (!source) return refused('not_found');
      const now = new Date();
      const reason = frozenReason(filesAccess, file, lock, now);
      if (reason) return refused(reason);
      if (!fileCan(filesAccess, file, folders, lock, now).update || !folderCan(filesAccess, target).add_files)
        return refused('forbidden');
      if (source.id === target.id) return done;
      await batchRepository.moveLink(tx, file.id, source.id, target.id);
      await deps.events.record(tx, {
        networkId: actor.networkId,
        type: FILE_EVENTS.moved,
        actorId: actor.membershipId,
        subject: { type: 'file', id: file.id },
        context: { type: target.contextType, id: target.contextId },
        changes: { name: file.name, from_folder_ids: [source.id], to_folder_ids: [target.id] },
      });
      return done;
    });
  }

  async function moveFolder(filesAccess: FilesAccess, id: string, targetId: string) {
    const { actor } = filesAccess;
    return deps.events.transaction(async (tx: Db): Promise<Outcome> => {
      await batchRepository.serializeFolderMoves(tx, actor.networkId);
      const locked = await batchRepository.lockFolders(tx, actor.networkId, [id, targetId]);
      const folder = locked.find((f) => f.id === id);
      const target = locked.find((f) => f.id === targetId);
      if (!folder || !readsFolder(filesAccess, folder)) return refused('not_found');
      if (isSpecial(folder)) return refused('root_folder');
      if (!folderCan(filesAccess, folder).update) return refused('forbidden');
      if (!target || !readsFolder(filesAccess, target)) return refused('not_found');
      if (target.id === folder.id || (await batchRepository.ancestorIds(tx, target.id)).includes(folder.id))
        return refused('into_own_subtree');
      // Into another context's tree too, when the member may change the folder and add to the target.
      if (!folderCan(filesAccess, target).create_subfolders) return refused('forbidden');
      if (folder.parentFolderId === target.id) return done;
      const subtree = await repository.subtreeIds(actor.networkId, folder.id, tx);
      await batchRepository.setParent(tx, folder, target, subtree);
      await deps.events.record(tx, {
        networkId: actor.networkId,
        type: FILE_EVENTS.folderMoved,
        actorId: actor.membershipId,
        subject: { type: 'folder', id: folder.id },
        context: { type: target.contextType, id: target.contextId },
        changes: {
          name: folder.name,
          from_parent_folder_id: folder.parentFolderId,
          parent_folder_id: target.id,
          from_context: { type: folder.contextType, id: folder.contextId },
        },
      });
      return done;
    });
  }

  return {
    /** `POST /api/storage/{files|folders}/move`: into `target_folder_id`; a file leaves `source_folder_id`. */
    async move(actor: Actor, body: BatchBody): Promise<BatchAnswer> {
      const filesAccess = await access.load(actor);
      const target = await targetOf(filesAccess, body);
      // The storage locks of all files in one query.
      const objects = new Map((await deps.storage.live(actor.networkId, body.file_ids)).map((o) => [o.id, o]));
      return each(
        body,
        (id) => moveFile(filesAccess, id, body.source_folder_id ?? null, target, objects),
        (id) => moveFolder(filesAccess, id, target.id),
      );
    },

    /**
     * `DELETE /api/storage/{files|folders}`: a file listed in `source_folder_id` while also in
     * other folders only leaves that folder; a folder goes with its subtree.
     */
    async destroy(actor: Actor, body: BatchBody): Promise<BatchAnswer> {
      const filesAccess = await access.load(actor);
      return each(
        body,
        async (id) => {
          const loaded = await orNotFound(access.loadFile(filesAccess, id));
          if (!loaded) return refused('not_found');
          return removal.removeFile(filesAccess, loaded.file, loaded.folders, body.source_folder_id ?? null);
        },
        async (id) => {
          const folder = await orNotFound(access.loadFolder(filesAccess, id));
          return folder ? removal.removeFolderTree(filesAccess, folder) : refused('not_found');
        },
      );
    },
  };
}

export type Batch = ReturnType<typeof createBatch>;
