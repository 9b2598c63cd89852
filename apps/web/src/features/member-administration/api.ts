import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MemberAdminDetail,
  MemberAdminGroupInput,
  MemberAdminGroups,
  MemberAdminPage,
  MemberAdminUpdate,
  NewMemberInput,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';

const BASE = '/administration/members';
const memberPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export type MemberListFilters = {
  q: string;
  locked: '' | 'true' | 'false';
  external: '' | 'true' | 'false';
  page: number;
};

export const MEMBERS_PER_PAGE = 25;

/** A page of the administrators' members list; the page shown stays while the next one loads. */
export const memberListQuery = (filters: MemberListFilters) => {
  const params = new URLSearchParams({ page: String(filters.page), per: String(MEMBERS_PER_PAGE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.locked) params.set('locked', filters.locked);
  if (filters.external) params.set('external', filters.external);
  return queryOptions({
    queryKey: ['administration', 'members', 'list', filters],
    queryFn: ({ signal }) => api<MemberAdminPage>(`${BASE}?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: ['administration', 'members', id],
    queryFn: () => api<MemberAdminDetail>(memberPath(id)),
  });

/** What the member forms offer in this network (external members, roles). */
export const memberOptionsQuery = queryOptions({
  queryKey: ['administration', 'members', 'options'],
  queryFn: () => api<MemberAdminDetail['options']>(`${BASE}/options`),
});

export const memberGroupsQuery = (id: string) =>
  queryOptions({
    queryKey: ['administration', 'members', id, 'groups'],
    queryFn: () => api<MemberAdminGroups>(`${memberPath(id)}/group-memberships`),
  });

/** After a change of one member: their page and every list page (names, flags and counts change). */
function useRefresh() {
  const queryClient = useQueryClient();
  return (member?: MemberAdminDetail) => {
    if (member) queryClient.setQueryData(memberQuery(member.id).queryKey, member);
    return queryClient.invalidateQueries({ queryKey: ['administration', 'members', 'list'] });
  };
}

export function useCreateMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewMemberInput) => api<MemberAdminDetail>(BASE, { method: 'POST', body }),
    onSuccess: (member) => refresh(member),
  });
}

export function useUpdateMember(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (user: MemberAdminUpdate) => api<MemberAdminDetail>(memberPath(id), { method: 'PUT', body: { user } }),
    onSuccess: (member) => refresh(member),
  });
}

export function useSetLocked(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (locked: boolean) =>
      api<MemberAdminDetail>(`${memberPath(id)}/${locked ? 'lock' : 'unlock'}`, { method: 'POST' }),
    onSuccess: (member) => refresh(member),
  });
}

export function useDeleteMember(id: string) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(memberPath(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: memberQuery(id).queryKey });
      return refresh();
    },
  });
}

export function usePutGroupMembership(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberAdminGroupInput) =>
      api<MemberAdminGroups>(`${memberPath(id)}/group-memberships`, { method: 'POST', body }),
    onSuccess: (groups) => queryClient.setQueryData(memberGroupsQuery(id).queryKey, groups),
  });
}

export function useRemoveGroupMembership(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      api<MemberAdminGroups>(`${memberPath(id)}/group-memberships/${encodeURIComponent(groupId)}`, {
        method: 'DELETE',
      }),
    onSuccess: (groups) => queryClient.setQueryData(memberGroupsQuery(id).queryKey, groups),
  });
}

/** Removes a member's second factors and backup codes (two-factor authentication). */
export function useResetMemberFactors() {
  return useMutation({
    mutationFn: (membershipId: string) =>
      api<void>(`/administration/members/${encodeURIComponent(membershipId)}/authentication/factors`, {
        method: 'DELETE',
      }),
  });
}
