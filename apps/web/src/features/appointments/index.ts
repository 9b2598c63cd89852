import type { FeatureModule } from '../../app/registry.ts';
import { APPOINTMENT_THEME_CONTEXTS } from './theme-context.ts';

export { appointmentQuery } from './api.ts';
export { invitesQuery } from './participation-api.ts';
export { dateText, isPast } from './lib/appointment-text.ts';
export { AppointmentRsvp, showsRsvp } from './components/appointment-rsvp.tsx';
export { StartMeetingButton } from './components/start-meeting-button.tsx';

/**
 * Appointment detail and form (calendars spec, section 2). The overview at /appointments and
 * the calendar pages are the calendars feature's.
 */
export const appointmentsFeature: FeatureModule = {
  key: 'appointments',
  namespaces: ['appointments', 'activities'],
  routes: [
    {
      path: 'appointments/new',
      lazy: () => import('./pages/appointment-form-page.tsx').then((m) => ({ Component: m.NewAppointmentPage })),
    },
    // A static segment outranks `:appointmentId` in React Router, whatever the order.
    {
      path: 'appointments/invites',
      lazy: () => import('./pages/invites-page.tsx').then((m) => ({ Component: m.InvitesPage })),
    },
    {
      path: 'appointments/:appointmentId',
      lazy: () => import('./pages/appointment-page.tsx').then((m) => ({ Component: m.AppointmentPage })),
    },
    {
      path: 'appointments/:appointmentId/edit',
      lazy: () => import('./pages/appointment-form-page.tsx').then((m) => ({ Component: m.EditAppointmentPage })),
    },
    {
      path: 'appointments/:appointmentId/participants',
      lazy: () => import('./pages/participants-page.tsx').then((m) => ({ Component: m.ParticipantsPage })),
    },
    {
      path: 'appointments/:appointmentId/contact',
      lazy: () => import('./pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
    },
  ],
  userMenu: [
    {
      key: 'appointment_invites',
      label: 'appointments:invites.menu',
      section: 'personal',
      // After the notifications (10).
      order: 30,
      path: () => '/appointments/invites',
      unread: (unreads) => unreads.Calendars,
    },
  ],
  themeContexts: APPOINTMENT_THEME_CONTEXTS,
};
