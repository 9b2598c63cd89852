import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GROUP_INVITE_LIMITS,
  type BatchInvitesResult,
  type BatchRenewBody,
  type GroupInvite,
  type LinkPage,
  type MembershipInvitesBody,
  type MembershipInvitesResult,
  type SentGroupInvitesPage,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { unreadsQuery } from '../../app/unreads.ts';

/** The group invitations calls of the administration spec, section 7. */

/** `/invites`: the member's open group invitations, at most 50 (spec, section 9). */
export const openGroupInvitesQuery = queryOptions({
  queryKey: ['invites', 'groups', 'open'],
  queryFn: () =>
    api<LinkPage<GroupInvite>>(`/api/v1/invites?filter=groups&status=open&limit=${GROUP_INVITE_LIMITS.openList}`),
});

/** Sent invites: the member's (`/invites/sent`) or a group's (`/groups/{slug}/invites/sent`), a page at a time. */
export const sentInvitesQuery = (groupSlug: string | null, page: number) =>
  queryOptions({
    queryKey: ['invites', 'sent', groupSlug, page],
    queryFn: () =>
      api<SentGroupInvitesPage>(
        `${groupSlug ? `/groups/${encodeURIComponent(groupSlug)}` : ''}/invites/sent?page=${page}`,
      ),
  });

/** Everything an answer or a batch action may change: the lists, the group's state, the badges. */
function useRefreshInvites() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['invites'] }),
      queryClient.invalidateQueries({ queryKey: ['groups'] }),
      queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
    ]);
}

/** `POST /api/v1/invites/{id}/accept|reject` of the invites module. */
export function useAnswerGroupInvite() {
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'reject' }) =>
      api<GroupInvite>(`/api/v1/invites/${encodeURIComponent(id)}/${answer}`, { method: 'POST' }),
  });
}

export { useRefreshInvites };

/** `POST /groups/{slug}/membership_invites`. */
export function useInviteMembers(groupSlug: string) {
  const refresh = useRefreshInvites();
  return useMutation({
    mutationFn: (body: MembershipInvitesBody) =>
      api<MembershipInvitesResult>(`/groups/${encodeURIComponent(groupSlug)}/membership_invites`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refresh(),
  });
}

/** `POST /batch_invites/renew` and `/batch_invites/revoke`. */
export function useBatchInvites() {
  const refresh = useRefreshInvites();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'renew' | 'revoke'; body: BatchRenewBody }) =>
      api<BatchInvitesResult>(`/batch_invites/${action}`, { method: 'POST', body }),
    onSettled: () => refresh(),
  });
}
