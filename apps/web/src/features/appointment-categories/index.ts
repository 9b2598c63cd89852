import { IconCalendarCog } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

/** The custom appointment categories' editor of the network's administration. */
export const appointmentCategoriesFeature: FeatureModule = {
  key: 'appointment-categories',
  namespaces: ['appointment-categories'],
  routes: [
    administrationOnly([
      {
        path: 'administration/appointment_categories',
        lazy: () =>
          import('./pages/appointment-categories-page.tsx').then((m) => ({ Component: m.AppointmentCategoriesPage })),
      },
    ]),
  ],
  administration: [
    {
      key: 'appointment_categories',
      section: 'content',
      label: 'appointment-categories:title',
      description: 'appointment-categories:description',
      icon: IconCalendarCog,
      path: '/administration/appointment_categories',
    },
  ],
};
