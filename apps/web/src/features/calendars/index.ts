import { IconCalendar } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { withGroup } from '../../app/shell/active-module.ts';
import { CalendarsBar } from './calendars-bar.tsx';
import { preloadOverview } from './overview/preload.ts';

export {
  appointmentMonthQuery,
  authenticationTokenQuery,
  calendarContextQuery,
  calendarsQuery,
  useAuthenticationToken,
} from './api.ts';
export { CalendarDot } from './components/calendar-dot.tsx';

const overviewPage = () => import('./overview/overview-page.tsx');
const allAppointments = () => overviewPage().then((m) => ({ Component: m.AppointmentsOverviewPage }));
const all = { preload: preloadOverview('all') };
const managePage = () => import('./pages/manage-page.tsx').then((m) => ({ Component: m.ManagePage }));
const newCalendarPage = () => import('./pages/calendar-form-page.tsx').then((m) => ({ Component: m.NewCalendarPage }));

export const calendarsFeature: FeatureModule = {
  key: 'calendars',
  // The overview's popup shows an appointment with the appointments feature's parts.
  namespaces: ['calendars', 'appointments'],
  activeModules: [
    ...withGroup('/appointments/*', 'calendars'),
    ...withGroup('/appointments', 'calendars'),
    ...withGroup('/calendars/*', 'calendars'),
    ...withGroup('/calendars', 'calendars'),
  ],
  routes: [
    { path: 'appointments', lazy: allAppointments, handle: all },
    {
      path: 'appointments/participating',
      lazy: () => overviewPage().then((m) => ({ Component: m.ParticipatingOverviewPage })),
      handle: { preload: preloadOverview('participating') },
    },
    {
      path: 'calendars/my',
      lazy: () => overviewPage().then((m) => ({ Component: m.MyCalendarsOverviewPage })),
      handle: { preload: preloadOverview('my') },
    },
    {
      path: 'calendars/shared',
      lazy: () => overviewPage().then((m) => ({ Component: m.SharedCalendarsOverviewPage })),
      handle: { preload: preloadOverview('shared') },
    },
    // Within a group the same overview shows only the group's calendars.
    { path: 'groups/:groupSlug/calendars', lazy: allAppointments, handle: all },
    { path: 'groups/:groupSlug/appointments', lazy: allAppointments, handle: all },
    { path: 'calendars/manage', lazy: managePage },
    { path: 'groups/:groupSlug/calendars/manage', lazy: managePage },
    { path: 'calendars/new', lazy: newCalendarPage },
    { path: 'groups/:groupSlug/calendars/new', lazy: newCalendarPage },
    {
      path: 'calendars/:calendarId/edit',
      lazy: () => import('./pages/calendar-form-page.tsx').then((m) => ({ Component: m.EditCalendarPage })),
    },
    {
      path: 'calendars/subscribe',
      lazy: () => import('./pages/subscribe-page.tsx').then((m) => ({ Component: m.SubscribePage })),
    },
  ],
  userbar: [
    {
      module: 'calendars',
      label: 'calendars:module',
      icon: IconCalendar,
      path: '/appointments',
      // After activities (10) and messages (20), before tasks (40) and files (50); info is 90.
      order: 30,
      unread: (unreads) => unreads.Calendars,
      bar: CalendarsBar,
    },
  ],
};
