import { useQueries } from '@tanstack/react-query';
import type { Folder } from '@agora/contracts';
import { folderQuery } from '../api.ts';

/** The folders a file lives in (the ones the member reads; the others answer 404 and are left out). */
export function useFileFolders(folderIds: string[]): { folders: Folder[]; pending: boolean } {
  const results = useQueries({ queries: folderIds.map((folderId) => ({ ...folderQuery(folderId), retry: false })) });
  return {
    folders: results.flatMap((result) => (result.data ? [result.data] : [])),
    pending: results.some((result) => result.isPending),
  };
}
