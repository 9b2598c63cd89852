import { queryOptions } from '@tanstack/react-query';
import type { DocumentActionType, DocumentHost, ProfileValues } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { filesKeys } from './api.ts';

/** What the folder search asks: text, and profile values by property name. */
export type FolderSearch = { q: string; filters: ProfileValues };

/** The search's parameters: `q` and `profile.{name}`, empty ones left out (several tags comma-separated). */
export function folderSearchParams(search: FolderSearch): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.q.trim()) params.q = search.q.trim();
  for (const [name, value] of Object.entries(search.filters)) {
    const values = (Array.isArray(value) ? value : value ? [value] : []).map((one) => one.trim()).filter(Boolean);
    if (values.length > 0) params[`profile.${name}`] = values.join(',');
  }
  return params;
}

/** Whether a search asks anything: with neither text nor a filter no query is made. */
export function isSearching(search: FolderSearch): boolean {
  return Object.keys(folderSearchParams(search)).length > 0;
}

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
