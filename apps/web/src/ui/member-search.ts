import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MemberSearchResult } from '@agora/contracts';
import { api } from '../app/api-client.ts';

export type MemberSearchParams = {
  /** Also find consumers (members from outside the network who may be invited). */
  includeConsumers?: boolean;
  /** Leave out those who are already members of this group (id). */
  excludeGroupMembersOf?: string;
  /** Search only the members of this group: /groups/{slug}/members. */
  groupSlug?: string;
  /** Another call answering as `GET /members` does, such as the message composer's recipients. */
  searchPath?: string;
};

/** `GET /members?q=` or `GET /groups/{slug}/members?q=` (calendars spec, section 7). */
export function memberSearchPath(q: string, params: MemberSearchParams = {}): string {
  const base =
    params.searchPath ?? (params.groupSlug ? `/groups/${encodeURIComponent(params.groupSlug)}/members` : '/members');
  const search = new URLSearchParams({ q });
  if (params.includeConsumers) search.set('include_consumers', 'true');
  if (params.excludeGroupMembersOf) search.set('exclude_group_members_of', params.excludeGroupMembersOf);
  return `${base}?${search.toString()}`;
}

export function memberSearchQuery(q: string, params: MemberSearchParams = {}) {
  const path = memberSearchPath(q, params);
  return queryOptions({
    queryKey: ['member-search', path],
    queryFn: ({ signal }) => api<MemberSearchResult>(path, { signal }),
    staleTime: 30_000,
    // The old answer stays while the next one loads, so the list does not flicker while typing.
    placeholderData: keepPreviousData,
  });
}
