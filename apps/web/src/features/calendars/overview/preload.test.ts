import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { APPOINTMENT_LIMITS } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { todayIsoDate } from '../../../ui/date-format.ts';
import { appointmentMonthQuery, calendarContextQuery, calendarsQuery } from '../api.ts';
import { LIST_BREAKPOINT_PX } from './overview-opening.ts';
import { DATE_STORAGE_KEY, monthStart, storeDate, storeView } from './overview-state.ts';
import { preloadOverview } from './preload.ts';

function preload(mode: Parameters<typeof preloadOverview>[0], search = '', params = {}) {
  const queryClient = new QueryClient();
  preloadOverview(mode)(queryClient, { params, search: new URLSearchParams(search) });
  return queryClient
    .getQueryCache()
    .getAll()
    .map((query) => JSON.stringify(query.queryKey));
}

const key = (options: { queryKey: readonly unknown[] }) => JSON.stringify(options.queryKey);

describe('the overview preload', () => {
  beforeEach(() => {
    sessionStorage.clear();
    stubFetch({});
  });

  it('asks for the calendars and the month the page opens at: the stored day and view', () => {
    storeDate('2026-12-15');
    storeView('list');
    expect(preload('all')).toEqual([
      key(calendarsQuery()),
      key(calendarContextQuery()),
      key(appointmentMonthQuery({ date: monthStart('2026-12-15'), view: 'list', calendarIds: null })),
    ]);
    sessionStorage.setItem(DATE_STORAGE_KEY, '2026-02-30');
    expect(preload('participating')).toContain(
      key(
        appointmentMonthQuery({
          date: monthStart(todayIsoDate()),
          view: 'list',
          calendarIds: null,
          participating: true,
        }),
      ),
    );
  });

  it('leaves the month to the page where it waits for the calendar list', () => {
    const calendarsOnly = (slug?: string) => [key(calendarsQuery(slug)), key(calendarContextQuery(slug))];
    expect(preload('all', 'calendarIds=')).toEqual(calendarsOnly());
    expect(preload('my')).toEqual(calendarsOnly());
    expect(preload('all', '', { groupSlug: 'team' })).toEqual(calendarsOnly('team'));
  });

  it('knows the list breakpoint of the contracts', () => {
    expect(LIST_BREAKPOINT_PX).toBe(APPOINTMENT_LIMITS.listBreakpointPx);
  });
});
