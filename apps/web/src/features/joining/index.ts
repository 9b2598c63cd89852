import { IconUserCheck } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

export { SignUpLink } from './components/sign-up-link.tsx';

/** Joining the network: the invitation page, signing up, and the registrations administrators decide. */
export const joiningFeature: FeatureModule = {
  key: 'joining',
  namespaces: ['joining'],
  standaloneRoutes: [
    {
      path: '/invitations/:token',
      lazy: () => import('./pages/invitation-page.tsx').then((m) => ({ Component: m.InvitationPage })),
    },
    {
      path: '/users/sign_up',
      lazy: () => import('./pages/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
    },
  ],
  routes: [
    administrationOnly([
      {
        path: 'administration/registrations',
        lazy: () => import('./pages/registrations-page.tsx').then((m) => ({ Component: m.RegistrationsPage })),
      },
    ]),
  ],
  administration: [
    {
      key: 'registrations',
      section: 'people',
      label: 'joining:registrations.title',
      description: 'joining:registrations.description',
      icon: IconUserCheck,
      path: '/administration/registrations',
    },
  ],
};
