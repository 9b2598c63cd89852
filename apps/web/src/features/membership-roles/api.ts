import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipRole, MembershipRoleBody } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** Where roles are kept: the network (no slug) or a group. */
export type RoleScope = { groupSlug: string | null };

export function rolesPath({ groupSlug }: RoleScope, id?: string): string {
  const base = groupSlug
    ? `/groups/${encodeURIComponent(groupSlug)}/administration/membership_roles`
    : '/administration/membership_roles';
  return id ? `${base}/${encodeURIComponent(id)}` : base;
}

export const membershipRolesQuery = (scope: RoleScope) =>
  queryOptions({
    queryKey: ['membership-roles', scope.groupSlug ?? ''],
    queryFn: () => api<MembershipRole[]>(rolesPath(scope)),
  });

/** After a change: this list and what shows roles elsewhere (the directory's pickers). */
function useRefresh(scope: RoleScope) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membershipRolesQuery(scope).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['directory'] }),
    ]);
}

export function useSaveRole(scope: RoleScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: MembershipRoleBody }) =>
      api<MembershipRole>(rolesPath(scope, id ?? undefined), { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteRole(scope: RoleScope) {
  const refresh = useRefresh(scope);
  return useMutation({
    mutationFn: (id: string) => api<void>(rolesPath(scope, id), { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}
