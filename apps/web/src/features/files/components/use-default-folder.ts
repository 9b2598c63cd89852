import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { folderQuery, rootsQuery } from '../api.ts';

/**
 * The folder a form is opened for: `?folder_id=`, else (within a group) the group's root, else
 * the network's root.
 */
export function useDefaultFolder() {
  const { groupSlug = null } = useParams();
  const [search] = useSearchParams();
  const given = search.get('folder_id');
  const roots = useQuery({ ...rootsQuery(), enabled: !given });
  const rootId = groupSlug
    ? (roots.data?.groups.find((folder) => folder.group?.slug === groupSlug)?.id ?? null)
    : (roots.data?.network?.id ?? null);
  const folderId = given ?? rootId;
  const folder = useQuery({ ...folderQuery(folderId ?? ''), enabled: folderId !== null });
  const missing = !given && roots.isSuccess && rootId === null;
  return {
    groupSlug,
    folder: folder.data ?? null,
    pending: !missing && (folder.isPending || (!given && roots.isPending)),
    error: folder.error ?? roots.error ?? null,
    missing,
    refetch: () => void (given ? folder.refetch() : roots.refetch()),
  };
}
