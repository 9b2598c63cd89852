import {
  FILE_LIMITS,
  FOLDER_SEARCH_SORT_PATTERN,
  networkSettingsSchema,
  type FolderSearchAnswer,
  type ProfileProperty,
} from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { presentFolderSummary } from './present.ts';
import type { ProfileFilter, SearchRepository, SearchSort } from './search-repository.ts';

export type FolderSearchQuery = {
  q: string;
  sort: string | undefined;
  /** `profile.{name}` values by name. */
  profile: Map<string, string[]>;
};

/** The filters one kind (folders or files) can answer; null when one of them names a property it lacks. */
function filtersFor(properties: ProfileProperty[], wanted: Map<string, string[]>): ProfileFilter[] | null {
  const filters: ProfileFilter[] = [];
  for (const [name, values] of wanted) {
    const property = properties.find((p) => p.name === name);
    if (!property) return null;
    filters.push({ name, type: property.type, values });
  }
  return filters;
}

function sortFor(properties: ProfileProperty[], sort: string | undefined): SearchSort {
  const descending = !!sort?.startsWith('-');
  const key = sort?.replace(/^-/, '') ?? 'name';
  if (key === 'name' || key === 'updated_at') return { by: key, descending };
  const name = key.slice('profile.'.length);
  // Sorting by a property this kind does not sort by falls back to names.
  return properties.some((p) => p.name === name && p.sortable)
    ? { by: { profile: name }, descending }
    : { by: 'name', descending: false };
}

/**
 * `GET /api/storage/folders/{id}/search`: folders and files of the folder's subtree whose
 * name or description holds every word of `q` and whose profile matches every filter. Filters
 * on properties the network does not define for a kind leave that kind out; while profiles are
 * off no property is defined.
 */
export function createFolderSearch(deps: ApprovalDeps, search: SearchRepository) {
  const { access, repository } = deps;
  return async function searchFolder(
    actor: Actor,
    folderId: string,
    query: FolderSearchQuery,
  ): Promise<FolderSearchAnswer> {
    if (query.sort !== undefined && !FOLDER_SEARCH_SORT_PATTERN.test(query.sort))
      throw unprocessable({ sort: ['invalid'] });
    const filesAccess = await access.load(actor);
    const folder = await access.loadFolder(filesAccess, folderId);
    const network = await deps.networks.get(actor.networkId);
    const settings = networkSettingsSchema.parse(network?.settings ?? {});
    const defined = (kind: 'folder_profiles' | 'file_profiles') =>
      settings[kind].enabled ? settings[kind].properties : [];
    const folderIds = await repository.subtreeIds(actor.networkId, folder.id);
    const base = { folderIds, text: query.q.trim(), limit: FILE_LIMITS.searchResultsMax };
    const folderFilters = filtersFor(defined('folder_profiles'), query.profile);
    const fileFilters = filtersFor(defined('file_profiles'), query.profile);
    const [folderRows, fileRows] = await Promise.all([
      folderFilters
        ? search.folders(actor.networkId, folder.id, {
            ...base,
            filters: folderFilters,
            sort: sortFor(defined('folder_profiles'), query.sort),
          })
        : [],
      fileFilters
        ? search.files(actor.networkId, {
            ...base,
            filters: fileFilters,
            sort: sortFor(defined('file_profiles'), query.sort),
          })
        : [],
    ]);
    const [counts, files] = await Promise.all([
      repository.counts(folderRows.map((f) => f.id)),
      deps.presentFiles(filesAccess, fileRows),
    ]);
    return {
      folders: folderRows.map((f) =>
        presentFolderSummary(filesAccess, f, counts.get(f.id) ?? { folders: 0, files: 0 }),
      ),
      files,
    };
  };
}

export type FolderSearch = ReturnType<typeof createFolderSearch>;
