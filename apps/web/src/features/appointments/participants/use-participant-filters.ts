import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { MEMBER_SEARCH_DEBOUNCE_MS, PARTICIPATION_LIMITS, type ParticipantsQuery } from '@agora/contracts';
import type { StatusFilter } from './participant-status.ts';

export type ParticipantFilters = ReturnType<typeof useParticipantFilters>;

/**
 * Search by name (sent 375 ms after the last keystroke, like the member search), status filter
 * and page of the participants list. A new search or filter starts at the first page again.
 */
export function useParticipantFilters() {
  const [search, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatusValue] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);

  const applySearch = useDebouncedCallback((text: string) => {
    setQ(text.trim());
    setPage(1);
  }, MEMBER_SEARCH_DEBOUNCE_MS);

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      applySearch(text);
    },
    [applySearch],
  );
  const setStatus = useCallback((next: StatusFilter) => {
    setStatusValue(next);
    setPage(1);
  }, []);
  const reset = useCallback(() => {
    applySearch.cancel();
    setSearchText('');
    setQ('');
    setStatusValue('all');
    setPage(1);
  }, [applySearch]);

  const limit = PARTICIPATION_LIMITS.participantsPageSize;
  // Only what narrows the list goes into the URL: an unfiltered first page is `?limit=50&offset=0`.
  const query: ParticipantsQuery = {
    ...(q ? { q } : {}),
    ...(status !== 'all' ? { status } : {}),
    limit,
    offset: (page - 1) * limit,
  };

  return { search, setSearch, status, setStatus, page, setPage, reset, query, filtered: q !== '' || status !== 'all' };
}
