import { useSearchParams } from 'react-router';
import { DIRECTORY_FILTER_PARAM } from '@agora/contracts';
import type { MembersParams } from './api.ts';

function pageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}

/**
 * The search, filters, sort and page of a list, kept in the address (`q`, `filter[<field>]`,
 * `sort`, `page`), so that a list can be bookmarked and back and forward retrace it. A new
 * search, filter or sort starts at the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    const field = DIRECTORY_FILTER_PARAM.exec(key)?.[1];
    if (field && value) filters[field] = value;
  }
  const sortParam = params.get('sort');
  const state: Omit<MembersParams, 'groupSlug'> = {
    q: params.get('q') ?? '',
    page: pageOf(params),
    sort: sortParam === 'first_name' || sortParam === 'last_name' ? sortParam : null,
    filters,
  };

  const change = (edit: (next: URLSearchParams) => void, keepPage = false) => {
    const next = new URLSearchParams(params);
    edit(next);
    if (!keepPage) next.delete('page');
    setParams(next, { preventScrollReset: keepPage });
  };
  const setOrDelete = (next: URLSearchParams, key: string, value: string | null) =>
    value ? next.set(key, value) : next.delete(key);

  return {
    ...state,
    filtered: state.q.trim() !== '' || Object.keys(filters).length > 0,
    setQ: (q: string) => {
      if (q.trim() !== state.q.trim()) change((next) => setOrDelete(next, 'q', q.trim()));
    },
    setFilter: (field: string, value: string | null) => change((next) => setOrDelete(next, `filter[${field}]`, value)),
    setSort: (sort: string) => change((next) => next.set('sort', sort)),
    setPage: (page: number) => change((next) => setOrDelete(next, 'page', page > 1 ? String(page) : null), true),
    reset: () =>
      change((next) => {
        for (const key of [...next.keys()]) if (key === 'q' || DIRECTORY_FILTER_PARAM.test(key)) next.delete(key);
      }),
  };
}
