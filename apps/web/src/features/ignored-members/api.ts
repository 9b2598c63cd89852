import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IgnoredMemberList, IgnoreState } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { sessionQuery } from '../session/index.ts';

export const ignoredMembersQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['members', membershipId, 'ignored'],
    queryFn: () => api<IgnoredMemberList>(`/members/${membershipId}/ignored`),
    staleTime: 60_000,
  });

/**
 * The ids of the members the current member ignores, or null while unknown. Once loaded it
 * decides what is shown collapsed (also for live chat messages, which come without the
 * server's mark, and at once after ignoring or no longer ignoring someone).
 */
export function useIgnoredIds(): ReadonlySet<string> | null {
  // The session the shell loaded; content shown without one (public pages) is never collapsed by it.
  const memberId = useQuery({ ...sessionQuery, enabled: false }).data?.member.id ?? '';
  const list = useQuery({ ...ignoredMembersQuery(memberId), enabled: memberId !== '' });
  if (!list.data) return null;
  return new Set(list.data.ignored_members.map((m) => m.id));
}

/** Ignores a member (`ignored` true) or no longer does; the current member's list is read again. */
export function useSetIgnored() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ignored }: { id: string; ignored: boolean }) =>
      api<IgnoreState>(`/members/${id}/ignore`, { method: ignored ? 'POST' : 'DELETE' }),
    onSuccess: async () => {
      const memberId = queryClient.getQueryData(sessionQuery.queryKey)?.member.id;
      if (memberId) await queryClient.invalidateQueries({ queryKey: ignoredMembersQuery(memberId).queryKey });
    },
  });
}
