import type { Actor } from '../../platform/policy/index.ts';
import {
  entryName,
  sanitizeEntryName,
  UniqueNames,
  type FolderArchiveItem,
  type Storage,
} from '../../platform/storage/index.ts';
import { readsFolder, type FilesAccessService } from './access.ts';
import type { BatchRepository } from './batch-repository.ts';
import type { FilesRepository } from './repository.ts';
import type { FileRow, FolderRow } from './tables.ts';

/**
 * What folders hold for a zip (download as archive, exports): every file of their subtrees at
 * its path from the folder named (`Folder/Sub/plan.pdf`), and empty folders. A file is
 * readable through a readable folder, and a subtree is in its folder's tree, so checking the
 * folders named is enough. Null when one of them is unknown or unreadable.
 */
export function createFolderArchive(
  deps: { storage: Pick<Storage, 'live'> },
  repository: FilesRepository,
  batchRepository: BatchRepository,
  access: FilesAccessService,
) {
  return async (actor: Actor, folderIds: string[]): Promise<FolderArchiveItem[] | null> => {
    const filesAccess = await access.load(actor);
    const named = await repository.folders(actor.networkId, [...new Set(folderIds)]);
    if (named.length < new Set(folderIds).size || !named.every((f) => readsFolder(filesAccess, f))) return null;

    // Two folders of the same name side by side become "Name" and "Name (2)".
    const names = new UniqueNames();
    const paths = new Map<string, string>();
    const byId = new Map<string, FolderRow>();
    for (const top of named) {
      const subtree = await repository.folders(actor.networkId, await repository.subtreeIds(actor.networkId, top.id));
      for (const folder of subtree) byId.set(folder.id, folder);
      paths.set(top.id, names.take(sanitizeEntryName(top.name)));
    }
    const pathOf = (folder: FolderRow): string => {
      const known = paths.get(folder.id);
      if (known !== undefined) return known;
      const parent = folder.parentFolderId ? byId.get(folder.parentFolderId) : undefined;
      const path = names.take(`${parent ? pathOf(parent) : ''}/${sanitizeEntryName(folder.name)}`);
      paths.set(folder.id, path);
      return path;
    };
    const ordered = [...byId.values()].map((folder) => ({ folder, path: pathOf(folder) }));
    ordered.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

    const links = await batchRepository.filesIn([...byId.keys()]);
    const objects = new Map(
      (await deps.storage.live(actor.networkId, [...new Set(links.map((l) => l.file.id))])).map((o) => [o.id, o]),
    );
    const filesOf = new Map<string, FileRow[]>();
    for (const { folderId, file } of links) filesOf.set(folderId, [...(filesOf.get(folderId) ?? []), file]);
    const parents = new Set([...byId.values()].map((f) => f.parentFolderId));

    return ordered.flatMap(({ folder, path }): FolderArchiveItem[] => {
      const items = (filesOf.get(folder.id) ?? []).flatMap((file) => {
        const object = objects.get(file.id);
        return object ? [{ path: `${path}/${entryName(file)}`, object }] : [];
      });
      if (items.length === 0 && !parents.has(folder.id)) return [{ path, object: null }];
      return items;
    });
  };
}
