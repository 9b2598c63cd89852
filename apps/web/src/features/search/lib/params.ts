import { SEARCH_LIMITS, SEARCH_MODULES, SEARCH_SORTS, type SearchModule, type SearchSort } from '@agora/contracts';

/** What a results page shows, as its address says (`q`, `module`, `page`, `sort_by`). */
export type SearchParams = {
  q: string;
  /** One module's results, paged; null: the overview of every module. */
  module: SearchModule | null;
  page: number;
  sortBy: SearchSort;
};

const isModule = (value: string | null): value is SearchModule =>
  (SEARCH_MODULES as readonly string[]).includes(value ?? '');
const isSort = (value: string | null): value is SearchSort => (SEARCH_SORTS as readonly string[]).includes(value ?? '');

/** The address's search, with anything the server would refuse read as its default. */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const module = params.get('module');
  const sort = params.get('sort_by');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_LIMITS.queryMax),
    module: isModule(module) ? module : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, SEARCH_LIMITS.pageMax) : 1,
    sortBy: isSort(sort) ? sort : 'relevance',
  };
}

/** The query string of a search: only what differs from the defaults. */
export function searchQueryString(params: Partial<SearchParams> & { q: string }): string {
  const query = new URLSearchParams({ q: params.q });
  if (params.module) query.set('module', params.module);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  if (params.sortBy && params.sortBy !== 'relevance') query.set('sort_by', params.sortBy);
  return query.toString();
}

/** The results page: the network's, or a group's (`/groups/{slug}/search`). */
export function searchPath(params: Partial<SearchParams> & { q: string }, groupSlug?: string | null): string {
  const base = groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/search` : '/search';
  return params.q ? `${base}?${searchQueryString(params)}` : base;
}
