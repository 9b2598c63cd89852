import { useQuery } from '@tanstack/react-query';
import type { FolderSummary } from '@agora/contracts';
import { networkQuery } from '../home/index.ts';
import { rootsQuery, type FolderContext } from './api.ts';
import { filesBase } from './lib/paths.ts';

export function approvalPath(groupSlug?: string | null): string {
  return `${filesBase(groupSlug)}/approval`;
}

export type ContextRoot = { context: FolderContext; root: FolderSummary } | null;

/**
 * The folder tree a files page is in (the network's, or the group's of the slug) with its root,
 * whose `can` says who reviews and who names the reviewers. Null: no such tree readable.
 */
export function useContextRoot(groupSlug: string | undefined) {
  const network = useQuery(networkQuery);
  const roots = useQuery(rootsQuery());
  let data: ContextRoot = null;
  if (roots.data && network.data) {
    if (groupSlug) {
      const root = roots.data.groups.find((folder) => folder.group?.slug === groupSlug);
      if (root?.group) data = { context: { context_type: 'group', context_id: root.group.id }, root };
    } else if (roots.data.network) {
      data = { context: { context_type: 'network', context_id: network.data.id }, root: roots.data.network };
    }
  }
  return {
    data,
    isPending: roots.isPending || network.isPending,
    error: roots.error ?? network.error,
    refetch: () => void roots.refetch(),
  };
}
