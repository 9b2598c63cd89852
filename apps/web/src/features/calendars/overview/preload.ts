import type { RoutePreload } from '../../../app/registry.ts';
import { todayIsoDate } from '../../../ui/date-format.ts';
import { appointmentMonthQuery, calendarContextQuery, calendarsQuery } from '../api.ts';
import {
  CALENDAR_IDS_PARAM,
  defaultSelection,
  NARROW_QUERY,
  readStoredDate,
  readStoredView,
  type OverviewMode,
} from './overview-opening.ts';

/**
 * What an overview page asks for first: the calendars, what the member may do, and the month it
 * opens at, the same queries the page then reads. The month only where it does not wait for the
 * calendar list (no selection in the URL, the page's default being all of the member's).
 */
export function preloadOverview(mode: OverviewMode): RoutePreload {
  return (queryClient, { params, search }) => {
    const groupSlug = params['groupSlug'];
    void queryClient.prefetchQuery(calendarsQuery(groupSlug));
    void queryClient.prefetchQuery(calendarContextQuery(groupSlug));
    if (search.has(CALENDAR_IDS_PARAM) || defaultSelection(mode, !!groupSlug, undefined) !== null) return;
    const narrow = typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
    const month = appointmentMonthQuery({
      // monthStart() of the day the page opens at.
      date: `${readStoredDate(todayIsoDate()).slice(0, 8)}01`,
      view: narrow ? 'list' : readStoredView(),
      calendarIds: null,
      participating: mode === 'participating',
    });
    void queryClient.prefetchQuery(month);
  };
}
