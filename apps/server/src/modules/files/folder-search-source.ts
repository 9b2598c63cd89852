import type { FolderSearchHit } from '@agora/contracts';
import type { StoredEvent } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import { readsFolder } from './access.ts';
import { FILE_EVENTS } from './events.ts';
import { filesPrefix } from './present.ts';
import { createSearchIndexRepository } from './search-index-repository.ts';
import { folderAccessKeys, folderDisplayName, groupOf, profileProperties, profileText } from './search-parts.ts';
import type { FilesSearchDeps } from './search-source.ts';
import type { FilesService } from './service.ts';
import type { FolderRow } from './tables.ts';

export const folderAccessKey = folderAccessKeys('folders');

/**
 * Folders in global search: one document per folder that members made, found by its name,
 * description and profile values, by whoever reads its tree. Roots and stream folders are left
 * out: the system makes them, their names are their types, and a tree is found by its group's
 * name in the groups' results (the network's tree is the files page itself).
 */
export function folderSearchSource(
  deps: FilesSearchDeps,
  files: Pick<FilesService, 'repository' | 'access'>,
): SearchSource<'folders'> {
  const search = createSearchIndexRepository(deps.db);

  async function documents(networkId: string, rows: FolderRow[]): Promise<SearchDocument[]> {
    if (rows.length === 0) return [];
    const properties = await profileProperties(deps, networkId, 'folder_profiles');
    return rows.map((row) => ({
      module: 'folders' as const,
      id: row.id,
      networkId,
      groupId: groupOf(row),
      access: folderAccessKey.of([row]),
      title: row.name,
      content: row.description,
      valuesContent: profileText(row.folderProfile, properties),
      language: 'simple' as const,
      sortAt: row.updatedAt,
    }));
  }

  const subject = (event: StoredEvent) => [event.subject.id];

  return {
    module: 'folders',
    changedBy: {
      [FILE_EVENTS.folderCreated]: subject,
      [FILE_EVENTS.folderUpdated]: subject,
      // Moved to another tree, the folders below go along.
      [FILE_EVENTS.folderMoved]: (event) => files.repository.subtreeIds(event.networkId, event.subject.id),
      [FILE_EVENTS.folderDestroyed]: (event) =>
        Array.isArray(event.changes.folder_ids) ? (event.changes.folder_ids as string[]) : [event.subject.id],
    },

    async load(networkId, ids) {
      return documents(networkId, await search.ordinaryFolders(networkId, ids));
    },

    async scan(networkId, afterId, limit) {
      return documents(networkId, await search.folderPage(networkId, afterId, limit));
    },

    accessKeys: (actor: Actor) => folderAccessKey.held(deps, actor),

    async present(actor: Actor, ids: string[]): Promise<FolderSearchHit[]> {
      if (ids.length === 0) return [];
      const [filesAccess, rows, ancestors, network] = await Promise.all([
        files.access.load(actor),
        search.ordinaryFolders(actor.networkId, ids),
        search.ancestors(actor.networkId, ids),
        deps.networks.get(actor.networkId),
      ]);
      const trees = { network: network?.name ?? '', groups: filesAccess.groups };
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row || !readsFolder(filesAccess, row)) return [];
        const path = (ancestors.get(id) ?? []).map((a) =>
          folderDisplayName({ ...a, contextType: row.contextType, contextId: row.contextId }, trees),
        );
        return [
          {
            id: row.id,
            name: row.name,
            description: row.description,
            folder_path: path,
            updated_at: row.updatedAt.toISOString(),
            // The folder's page in its tree (the network's files or the group's).
            html_url: `${filesPrefix(filesAccess, row)}/folders/${row.id}`,
          },
        ];
      });
    },
  };
}
