import { createTheme, MantineProvider, Popover } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AppointmentListItem, Calendar, CalendarContext } from '@agora/contracts';
import '../../i18n/index.ts';

// jsdom measures every element as 0x0, which Popover takes for "scrolled out of view".
const theme = createTheme({ components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) } });
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

/** The pages of this feature at `path`, with toasts, dialogs and a fresh query cache. */
export function renderPages(routes: RouteObject[], path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Notifications />
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

const can = { update: false, destroy: false, create_appointments: false };

export function calendar(n: number, overrides: Partial<Calendar> = {}): Calendar {
  return {
    id: n.toString(16).padStart(24, '0'),
    name: `Kalender ${n}`,
    color: '1971c2',
    type: 'network',
    category_name: null,
    parent_id: null,
    group: null,
    is_default: false,
    author: null,
    memberships: [],
    can,
    ...overrides,
  };
}

export function context(
  overrides: {
    network?: Partial<CalendarContext['network']['can']>;
    member?: Partial<CalendarContext['member']['can']>;
    token?: string | null;
    group?: CalendarContext['group'];
  } = {},
): CalendarContext {
  return {
    network: {
      can: { create_calendars: false, create_appointments: true, create_meetings: false, ...overrides.network },
      config: { retroactive_opting: false, default_lock_period_days: 7 },
    },
    member: {
      can: { create_personal_calendars: true, see_teams_event_options: false, ...overrides.member },
      authentication_token: overrides.token ?? null,
    },
    group: overrides.group ?? null,
  };
}

export function listItem(n: number, overrides: Partial<AppointmentListItem> = {}): AppointmentListItem {
  const id = (0xa00 + n).toString(16).padStart(24, '0');
  return {
    id,
    name: `Termin ${n}`,
    type: 'appointment',
    path: `/appointments/${id}`,
    date: {
      start: '2026-11-10T10:00:00+01:00',
      end: '2026-11-10T11:00:00+01:00',
      all_day: false,
      time_zone: 'Europe/Berlin',
      same_day: true,
    },
    calendar_ids: [calendar(1).id],
    color: '1971c2',
    recurring: false,
    canceled: false,
    location_name: null,
    has_meeting: false,
    ...overrides,
  };
}
