import { queryOptions } from '@tanstack/react-query';
import type { DocumentActionType, DocumentHost, ProfileValues } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { filesKeys, type FolderSearchAnswer } from './api.ts';
import { tagName } from './profile-fields.tsx';

/** What the folder search asks: text, and profile values by property name. */
export type FolderSearch = { q: string; filters: ProfileValues };

/** The search's parameters: `q` and `profile.{name}` (repeated for several tags), empty ones left out. */
export function folderSearchParams(search: FolderSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  for (const [name, value] of Object.entries(search.filters)) {
    const values = Array.isArray(value) ? value : value ? [value] : [];
    // A filter names existing tags: a name typed anew is searched as it is.
    for (const one of values.map((entry) => tagName(entry).trim()).filter(Boolean)) {
      params.append(`profile.${name}`, one);
    }
  }
  return params;
}

/** Whether a search asks anything: with neither text nor a filter no query is made. */
export function isSearching(search: FolderSearch): boolean {
  return folderSearchParams(search).size > 0;
}

/** `GET /api/storage/folders/{id}/search?q=&profile.{name}=…`: the subtree's matches. */
export const folderSearchQuery = (folderId: string, search: FolderSearch) => {
  const params = folderSearchParams(search);
  return queryOptions({
    queryKey: filesKeys.search(
      folderId,
      Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key).join('\n')])),
    ),
    queryFn: ({ signal }) =>
      api<FolderSearchAnswer>(`/api/storage/folders/${encodeURIComponent(folderId)}/search?${params}`, { signal }),
    enabled: params.size > 0,
  });
};

/**
 * `GET /api/storage/files/{id}/{type}/host/{action}` for the editor's host page, which passes
 * `show_review_changes` on (the editor opens showing the tracked changes).
 */
export const documentHostPageQuery = (
  fileId: string,
  type: DocumentActionType,
  action: string,
  showReviewChanges: boolean,
) =>
  queryOptions({
    queryKey: [...filesKeys.documentHost(fileId, type, action), showReviewChanges],
    queryFn: () =>
      api<DocumentHost>(
        `/api/storage/files/${encodeURIComponent(fileId)}/${type}/host/${encodeURIComponent(action)}` +
          (showReviewChanges ? '?show_review_changes=true' : ''),
      ),
    // The access token is for this opening only.
    staleTime: 0,
    gcTime: 0,
  });
