import { useCallback, useEffect, useRef } from 'react';
import { PARTICIPATION_LIMITS } from '@agora/contracts';

/**
 * After adding participants (groups and roles may be added by a background job), the list is
 * fetched again after 3 s and 9 s, and at 18 s with the search and filter reset, so that the
 * newcomers show even when they do not match the current search (calendars spec, section 9).
 * Starting again drops the timers of the previous run; leaving the page clears them.
 */
export function useRefreshSchedule(refresh: () => void, reset: () => void): () => void {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const callbacks = useRef({ refresh, reset });
  useEffect(() => {
    callbacks.current = { refresh, reset };
  }, [refresh, reset]);

  const clear = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);
  useEffect(() => clear, [clear]);

  return useCallback(() => {
    clear();
    const delays = PARTICIPATION_LIMITS.refreshDelaysMs;
    delays.forEach((delay, index) => {
      const timer = setTimeout(() => {
        if (index === delays.length - 1) callbacks.current.reset();
        callbacks.current.refresh();
      }, delay);
      timers.current.push(timer);
    });
  }, [clear]);
}
