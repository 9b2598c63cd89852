import type { SearchResult } from '@agora/contracts';

/** A count as shown: "1000+" where the server stopped counting (SEARCH_LIMITS.countMax). */
export function shownTotal(total: number, capped: boolean): string {
  return capped ? `${total}+` : String(total);
}

/** A module's total as shown. */
export function shownResultTotal(result: Pick<SearchResult, 'total' | 'total_capped'>): string {
  return shownTotal(result.total, result.total_capped);
}
