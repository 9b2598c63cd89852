import type { Actor } from '../../platform/policy/index.ts';
import type { StorageOwnerPolicy } from '../../platform/storage/index.ts';
import { fileCan, readsFolder, reviews, type FilesAccessService } from './access.ts';
import type { FilesRepository } from './repository.ts';

/**
 * Who reads and locks the bytes of files and of pending versions. A file is read through any
 * of its folders; a pending version by its author and the reviewers of the file's folders.
 */
export function fileOwners(repository: FilesRepository, access: FilesAccessService) {
  async function readableFileIds(actor: Actor, fileIds: string[]): Promise<Set<string>> {
    const [filesAccess, folders] = await Promise.all([access.load(actor), repository.foldersOfFiles(fileIds)]);
    return new Set(fileIds.filter((id) => (folders.get(id) ?? []).some((f) => readsFolder(filesAccess, f))));
  }

  const file: StorageOwnerPolicy = {
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId || ownerIds.length === 0) return new Set();
      return readableFileIds(actor, ownerIds);
    },
    async canLock(actor, ownerId) {
      const filesAccess = await access.load(actor);
      const { file: row, folders } = await access.loadFile(filesAccess, ownerId).catch(() => ({
        file: null,
        folders: [],
      }));
      return !!row && fileCan(filesAccess, row, folders, null, new Date()).lock;
    },
  };

  const pendingVersion: StorageOwnerPolicy = {
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId || ownerIds.length === 0) return new Set();
      const pending = await repository.pendingVersionsOf(networkId, ownerIds);
      const [filesAccess, folders] = await Promise.all([
        access.load(actor),
        repository.foldersOfFiles(pending.map((p) => p.fileId)),
      ]);
      return new Set(
        pending
          .filter((p) => {
            const of = folders.get(p.fileId) ?? [];
            if (!of.some((f) => readsFolder(filesAccess, f))) return false;
            return p.authorId === actor.membershipId || of.some((f) => reviews(filesAccess, f));
          })
          .map((p) => p.id),
      );
    },
  };

  return { file, pendingVersion };
}
