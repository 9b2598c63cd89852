import { queryOptions } from '@tanstack/react-query';
import type { MembersMap } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** The network's map of members, or a group's. */
export const membersMapQuery = (groupSlug?: string) =>
  queryOptions({
    queryKey: ['maps', groupSlug ?? null],
    queryFn: () => api<MembersMap>(groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/map` : '/map/members'),
    staleTime: 60 * 1000,
  });
