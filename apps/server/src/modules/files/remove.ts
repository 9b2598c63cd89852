import type { BatchRefusal } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { fileCan, folderCan, frozenReason, isSpecial, type FilesAccess } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS, FILE_OWNER } from './events.ts';
import type { FilesRepository } from './repository.ts';
import type { FileRow, FolderRow } from './tables.ts';

/** What became of one item: done, or refused with the reason a batch answer lists. */
export type RemoveOutcome = { done: true } | { done: false; reason: BatchRefusal };

const refused = (reason: BatchRefusal): RemoveOutcome => ({ done: false, reason });

export const fileEventContext = (folders: FolderRow[]) =>
  folders[0] ? { type: folders[0].contextType, id: folders[0].contextId } : null;

/**
 * Deleting folders and files, one transaction per item, so that a batch does what it may and
 * lists the rest. A file's bytes, kept versions and pending versions go with it; the bytes are
 * deleted after the commit.
 */
export function createRemoval(deps: FilesDeps, repository: FilesRepository) {
  const lockOf = (object: StoredObjectRow | undefined) =>
    object ? { lockedUntil: object.lockedUntil, lockedById: object.lockedById } : null;

  /** Deletes files in the caller's transaction: rows, links, versions, stored objects; answers what to purge. */
  async function deleteFiles(tx: Db, access: FilesAccess, files: FileRow[], folders: Map<string, FolderRow[]>) {
    const ids = files.map((f) => f.id);
    const { keys, pendingObjectIds } = await repository.deleteFiles(tx, ids);
    const options = { db: tx, actorId: access.actor.membershipId };
    const removed = [
      ...(await deps.storage.removeOwned(access.actor.networkId, { type: FILE_OWNER, ids }, options)),
      ...(await deps.storage.removeOwned(access.actor.networkId, { objectIds: pendingObjectIds }, options)),
    ];
    for (const file of files) {
      await deps.events.record(tx, {
        networkId: access.actor.networkId,
        type: FILE_EVENTS.destroyed,
        actorId: access.actor.membershipId,
        subject: { type: 'file', id: file.id },
        context: fileEventContext(folders.get(file.id) ?? []),
        changes: { name: file.name, folder_ids: (folders.get(file.id) ?? []).map((f) => f.id) },
      });
    }
    return { removed, keys };
  }

  async function purge(result: { removed: StoredObjectRow[]; keys: string[] }) {
    await deps.storage.purge(result.removed);
    await deps.storage.purgeKeys(result.keys);
  }

  /**
   * Deletes a folder with its subtree. Files only there are deleted, files also in other
   * folders only leave it. Refused whole when one of the files to delete is locked by someone
   * else or finalized.
   */
  async function removeFolderTree(access: FilesAccess, folder: FolderRow): Promise<RemoveOutcome> {
    if (isSpecial(folder)) return refused('root_folder');
    if (!folderCan(access, folder).destroy) return refused('forbidden');
    const { networkId } = access.actor;
    const subtree = await repository.subtreeIds(networkId, folder.id);
    const links = await repository.filesOfFolders(subtree);
    const doomedIds = [...new Set(links.filter((l) => !l.elsewhere).map((l) => l.fileId))];
    // Files that stay in other folders lose these: who may find them changes.
    const unlinkedIds = [...new Set(links.filter((l) => l.elsewhere).map((l) => l.fileId))];
    const [doomed, objects, folders] = await Promise.all([
      repository.filesByIds(networkId, doomedIds),
      deps.storage.live(networkId, doomedIds),
      repository.foldersOfFiles(doomedIds),
    ]);
    const objectById = new Map(objects.map((o) => [o.id, o]));
    const now = new Date();
    for (const file of doomed) {
      const reason = frozenReason(access, file, lockOf(objectById.get(file.id)), now);
      if (reason) return refused(reason);
    }
    const result = await deps.events.transaction(async (tx) => {
      const deleted = await deleteFiles(tx, access, doomed, folders);
      await repository.deleteFolders(tx, subtree);
      await deps.events.record(tx, {
        networkId,
        type: FILE_EVENTS.folderDestroyed,
        actorId: access.actor.membershipId,
        subject: { type: 'folder', id: folder.id },
        context: { type: folder.contextType, id: folder.contextId },
        changes: { name: folder.name, folder_ids: subtree, file_ids: doomedIds, unlinked_file_ids: unlinkedIds },
      });
      return deleted;
    });
    await purge(result);
    return { done: true };
  }

  /**
   * Deletes a file, or, when `sourceFolderId` names one of several folders it is in, takes it
   * out of that folder only (a file may live in several folders).
   */
  async function removeFile(
    access: FilesAccess,
    file: FileRow,
    folders: FolderRow[],
    sourceFolderId: string | null,
  ): Promise<RemoveOutcome> {
    const [object] = await deps.storage.live(access.actor.networkId, [file.id]);
    const lock = lockOf(object);
    const now = new Date();
    const reason = frozenReason(access, file, lock, now);
    if (reason) return refused(reason);
    const can = fileCan(access, file, folders, lock, now);
    const source = folders.find((f) => f.id === sourceFolderId);
    if (source && folders.length > 1) {
      if (!can.destroy && !(can.update && folderCan(access, source).add_files)) return refused('forbidden');
      await deps.events.transaction(async (tx) => {
        await repository.unlink(tx, file.id, [source.id]);
        await deps.events.record(tx, {
          networkId: access.actor.networkId,
          type: FILE_EVENTS.moved,
          actorId: access.actor.membershipId,
          subject: { type: 'file', id: file.id },
          context: { type: source.contextType, id: source.contextId },
          changes: { name: file.name, from_folder_ids: [source.id], to_folder_ids: [] },
        });
      });
      return { done: true };
    }
    if (!can.destroy) return refused('forbidden');
    const result = await deps.events.transaction((tx) =>
      deleteFiles(tx, access, [file], new Map([[file.id, folders]])),
    );
    await purge(result);
    return { done: true };
  }

  return { removeFolderTree, removeFile };
}

export type Removal = ReturnType<typeof createRemoval>;
