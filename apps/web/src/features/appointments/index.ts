import type { FeatureModule } from '../../app/registry.ts';
import { APPOINTMENT_THEME_CONTEXTS } from './theme-context.ts';

/**
 * Appointment detail and form (calendars spec, section 2). The overview at /appointments and
 * the calendar pages are the calendars feature's.
 */
export const appointmentsFeature: FeatureModule = {
  key: 'appointments',
  routes: [
    {
      path: 'appointments/new',
      lazy: () => import('./pages/appointment-form-page.tsx').then((m) => ({ Component: m.NewAppointmentPage })),
    },
    {
      path: 'appointments/:appointmentId',
      lazy: () => import('./pages/appointment-page.tsx').then((m) => ({ Component: m.AppointmentPage })),
    },
    {
      path: 'appointments/:appointmentId/edit',
      lazy: () => import('./pages/appointment-form-page.tsx').then((m) => ({ Component: m.EditAppointmentPage })),
    },
  ],
  themeContexts: APPOINTMENT_THEME_CONTEXTS,
};
