import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ExternalInviteBody,
  ExternalInviteResult,
  ExternalInviteSettings,
  ExternalInvitesPage,
  MembershipInvitesBody,
  MembershipInvitesResult,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { invitePrefix, type InviteContext } from './context.ts';

/** The invitation by e-mail calls of the administration spec, section 7. */

/** `GET /external_invites/settings`: the default subject and text, the user types on offer. */
export const externalInviteSettingsQuery = queryOptions({
  queryKey: ['external-invites', 'settings'],
  queryFn: () => api<ExternalInviteSettings>('/external_invites/settings'),
});

/** Whose invitations by e-mail a list shows: the network's, a group's or the member's own. */
export type ListSource = { kind: 'network' } | { kind: 'group'; slug: string } | { kind: 'own' };

export function listPath(source: ListSource, page: number): string {
  if (source.kind === 'network') return `/administration/external_invites?page=${page}`;
  if (source.kind === 'group') return `/groups/${encodeURIComponent(source.slug)}/external_invites?page=${page}`;
  return `/external_invites/sent?page=${page}`;
}

export const externalInvitesQuery = (source: ListSource, page: number) =>
  queryOptions({
    queryKey: ['invites', 'external', source, page],
    queryFn: () => api<ExternalInvitesPage>(listPath(source, page)),
  });

function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['invites'] });
}

/** `POST {prefix}/external_invites` with one address. */
export function useInviteByEmail(context: InviteContext) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: ExternalInviteBody) =>
      api<ExternalInviteResult>(`${invitePrefix(context)}/external_invites`, { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

/** `POST {prefix}/membership_invites`; the network's is `/administration/membership_invites`. */
export function useInviteInternally(context: InviteContext) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (body: MembershipInvitesBody) =>
      api<MembershipInvitesResult>(`${invitePrefix(context)}/membership_invites`, { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export { useRefreshLists };
