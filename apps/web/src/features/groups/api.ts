import { queryOptions } from '@tanstack/react-query';
import type { Group, UserbarGroups } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

export const groupQuery = (slug: string) =>
  queryOptions({
    queryKey: ['groups', slug],
    queryFn: () => api<Group>(`/api/v1/groups/${encodeURIComponent(slug)}`),
    staleTime: 60 * 1000,
  });

/** The member's groups by category, for the user bar. */
export const userbarGroupsQuery = queryOptions({
  queryKey: ['userbar', 'groups'],
  queryFn: () => api<UserbarGroups>('/api/v1/userbar/groups'),
  staleTime: 5 * 60 * 1000,
});
