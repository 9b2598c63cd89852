import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Group,
  GroupFavoriteAnswer,
  GroupJoinRequest,
  GroupJoinRequestPage,
  GroupMemberPage,
  GroupRole,
} from '@agora/contracts';
import { api } from '../../../app/api-client.ts';
import { unreadsQuery } from '../../../app/unreads.ts';

const adminBase = (slug: string) => `/groups/${encodeURIComponent(slug)}/administration`;

export const joinRequestsQuery = (slug: string, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: ['groups', slug, 'join-requests', page],
    queryFn: () =>
      api<GroupJoinRequestPage>(`${adminBase(slug)}/join_requests?limit=${page.limit}&offset=${page.offset}`),
    placeholderData: keepPreviousData,
  });

export const groupMembersAdminQuery = (slug: string, params: { q: string; limit: number; offset: number }) =>
  queryOptions({
    queryKey: ['groups', slug, 'members-administration', params],
    queryFn: () =>
      api<GroupMemberPage>(
        `${adminBase(slug)}/members?q=${encodeURIComponent(params.q)}&limit=${params.limit}&offset=${params.offset}`,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * What a change of membership shows up in: the group (and its lists), the user bar's groups, the
 * directory, the counters and the chat list (a new member has the group chat).
 */
function useRefreshMembership(slug: string) {
  const queryClient = useQueryClient();
  return (group?: Group) => {
    if (group) queryClient.setQueryData(['groups', slug], group);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['groups', slug] }),
      queryClient.invalidateQueries({ queryKey: ['userbar'] }),
      queryClient.invalidateQueries({ queryKey: ['directory'] }),
      queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['chat', 'chats'] }),
    ]);
  };
}

const groupCall = (group: Pick<Group, 'id'>, path: string, method: 'POST' | 'DELETE') =>
  api<Group>(`/api/v1/groups/${encodeURIComponent(group.id)}/${path}`, { method });

/** Joins (or asks to join) a group: `true`; leaves it or withdraws the request: `false`. */
export function useJoinGroup(group: Pick<Group, 'id' | 'slug'>) {
  const refresh = useRefreshMembership(group.slug);
  return useMutation({
    mutationFn: (join: boolean) => groupCall(group, 'join', join ? 'POST' : 'DELETE'),
    onSuccess: (answer) => refresh(answer),
  });
}

export function useSubscribeGroup(group: Pick<Group, 'id' | 'slug'>) {
  const refresh = useRefreshMembership(group.slug);
  return useMutation({
    mutationFn: (subscribe: boolean) => groupCall(group, 'subscribe', subscribe ? 'POST' : 'DELETE'),
    onSuccess: (answer) => refresh(answer),
  });
}

export function useFavoriteGroup(group: Pick<Group, 'id' | 'slug'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      api<GroupFavoriteAnswer>(`/api/v1/groups/${encodeURIComponent(group.id)}/favorite`, {
        method: favorite ? 'POST' : 'DELETE',
      }),
    onSuccess: ({ favorited }) => {
      queryClient.setQueryData<Group>(['groups', group.slug], (old) => old && { ...old, favorited });
      return queryClient.invalidateQueries({ queryKey: ['userbar'] });
    },
  });
}

/** Accepts or declines the member's open invitation to the group (the invites inbox's calls). */
export function useAnswerGroupInvite(group: Pick<Group, 'id' | 'slug'>) {
  const refresh = useRefreshMembership(group.slug);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inviteId, accept }: { inviteId: string; accept: boolean }) =>
      api<unknown>(`/api/v1/invites/${encodeURIComponent(inviteId)}/${accept ? 'accept' : 'reject'}`, {
        method: 'POST',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['invites'] });
      return refresh();
    },
  });
}

/** Accepts a join request, or rejects it with a message. */
export function useDecideJoinRequest(slug: string) {
  const refresh = useRefreshMembership(slug);
  return useMutation({
    mutationFn: ({ id, accept, message }: { id: string; accept: boolean; message?: string }) =>
      api<GroupJoinRequest>(
        `${adminBase(slug)}/join_requests/${encodeURIComponent(id)}/${accept ? 'accept' : 'reject'}`,
        {
          method: 'POST',
          ...(accept ? {} : { body: { message: message ?? '' } }),
        },
      ),
    onSettled: () => refresh(),
  });
}

/** Makes a member an admin of the group, or an admin a plain member again. */
export function useSetGroupRole(slug: string) {
  const refresh = useRefreshMembership(slug);
  return useMutation({
    mutationFn: ({ membershipId, role }: { membershipId: string; role: GroupRole }) =>
      api<{ membership_id: string; role: GroupRole }>(
        `${adminBase(slug)}/members/${encodeURIComponent(membershipId)}/admin`,
        { method: role === 'admin' ? 'POST' : 'DELETE' },
      ),
    onSettled: () => refresh(),
  });
}

export function useRemoveGroupMember(slug: string) {
  const refresh = useRefreshMembership(slug);
  return useMutation({
    mutationFn: (membershipId: string) =>
      api<void>(`${adminBase(slug)}/members/${encodeURIComponent(membershipId)}`, { method: 'DELETE' }),
    onSettled: () => refresh(),
  });
}
