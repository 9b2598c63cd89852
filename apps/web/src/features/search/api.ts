import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  SEARCH_LIMITS,
  SEARCH_MODULES,
  type SearchModule,
  type SearchResponse,
  type SearchResult,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { searchQueryString, type SearchParams } from './lib/params.ts';

/**
 * `GET /search.json` or `GET /groups/{groupSlug}/search.json` (communication spec, section 7):
 * without a module the overview (every module's first hits and totals), else one module's page.
 */
export const searchQuery = (params: SearchParams, groupSlug: string | null = null) => {
  const base = groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/search.json` : '/search.json';
  return queryOptions({
    queryKey: ['search', groupSlug, params.q, params.module, params.page, params.sortBy],
    queryFn: ({ signal }) => api<SearchResponse>(`${base}?${searchQueryString(params)}`, { signal }),
    enabled: params.q !== '',
    staleTime: SEARCH_LIMITS.staleMs,
    // The page before stays while the next loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
};

/** A module's results in an answer (absent: the network does not offer the module). */
export function resultOf<M extends SearchModule>(answer: SearchResponse | undefined, module: M) {
  return answer?.[`${module}_query`] as SearchResult<M> | undefined;
}

/** The modules an answer has results for, in the order of the results page. */
export function modulesOf(answer: SearchResponse | undefined): SearchModule[] {
  return SEARCH_MODULES.filter((module) => resultOf(answer, module) !== undefined);
}
