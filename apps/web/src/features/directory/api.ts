import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectoryCategoryResult, DirectoryMembersResult } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** What the member list asks for; the filters by profile field. */
export type MembersParams = {
  q: string;
  page: number;
  sort: 'first_name' | 'last_name' | null;
  filters: Record<string, string>;
  groupSlug?: string;
};

export function membersSearch(params: MembersParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.groupSlug) search.set('group_slug', params.groupSlug);
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.sort) search.set('sort', params.sort);
  for (const [field, value] of Object.entries(params.filters)) search.set(`filter[${field}]`, value);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** `GET /directory/members`: a page of members with the filters' options. */
export const directoryMembersQuery = (params: MembersParams) => {
  const search = membersSearch(params).toString();
  return queryOptions({
    queryKey: ['directory', 'members', search],
    queryFn: ({ signal }) => api<DirectoryMembersResult>(`/directory/members${search ? `?${search}` : ''}`, { signal }),
    // The list stays while the next page or filter loads, instead of jumping to a spinner.
    placeholderData: keepPreviousData,
  });
};

/** `GET /directory/{category}.json`: a page of a category's groups with the member's states. */
export const directoryCategoryQuery = (category: string, q: string, page: number) => {
  const search = new URLSearchParams();
  if (q.trim()) search.set('q', q.trim());
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return queryOptions({
    queryKey: ['directory', 'category', category, query],
    queryFn: ({ signal }) =>
      api<DirectoryCategoryResult>(`/directory/${encodeURIComponent(category)}.json${query ? `?${query}` : ''}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

export type GroupAction = 'join' | 'leave' | 'accept_invite';

/** Joining (or asking to), leaving and accepting an invitation from a directory row. */
export function useGroupAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, groupId, inviteId }: { action: GroupAction; groupId: string; inviteId?: string }) => {
      if (action === 'accept_invite') return api<unknown>(`/api/v1/invites/${inviteId}/accept`, { method: 'POST' });
      return api<unknown>(`/api/v1/groups/${groupId}/join`, { method: action === 'join' ? 'POST' : 'DELETE' });
    },
    onSettled: async () => {
      // The row's state and count, the user bar's groups and the group's own page change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['directory', 'category'] }),
        queryClient.invalidateQueries({ queryKey: ['userbar', 'groups'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
      ]);
    },
  });
}
