import { useSearchParams } from 'react-router';
import type { SearchSort } from '@agora/contracts';
import { readSearchParams, searchQueryString, type SearchParams } from './params.ts';

/**
 * The results page's search kept in the address, so that a search can be bookmarked and back and
 * forward retrace it. A new query or sort starts at the first page.
 */
export function useSearchState() {
  const [raw, setRaw] = useSearchParams();
  const params = readSearchParams(raw);
  const go = (next: SearchParams, keepScroll = false) =>
    setRaw(new URLSearchParams(searchQueryString(next)), { preventScrollReset: keepScroll });
  return {
    ...params,
    setQuery: (q: string) => go({ ...params, q: q.trim(), page: 1 }),
    setPage: (page: number) => go({ ...params, page }),
    setSort: (sortBy: SearchSort) => go({ ...params, sortBy, page: 1 }, true),
  };
}
