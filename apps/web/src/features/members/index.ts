import { IconUserEdit } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

const changeRequestsOn = (network: { config: { memberships: { change_requests: { enabled: boolean } } } }) =>
  network.config.memberships.change_requests.enabled;

export const membersFeature: FeatureModule = {
  key: 'members',
  // The account page (/users/edit) shows the address and password sections of member-settings.
  namespaces: ['members', 'member-settings'],
  // After the directory's /members/map: a member's pages are /members/{membership id}/*.
  activeModules: [
    ['/members/:membershipId/*', 'members', 10],
    ['/members/:membershipId', 'members', 10],
    ['/users/edit', 'members', 10],
  ],
  routes: [
    {
      path: 'members/:membershipId',
      lazy: () => import('./profile/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
    },
    {
      path: 'members/:membershipId/locale_settings',
      lazy: () => import('./pages/locale-settings-page.tsx').then((m) => ({ Component: m.LocaleSettingsPage })),
    },
    {
      path: 'members/:membershipId/edit',
      lazy: () => import('./edit/profile-edit-page.tsx').then((m) => ({ Component: m.ProfileEditPage })),
    },
    {
      path: 'members/:membershipId/change_requests/new',
      lazy: () => import('./change-requests/change-request-page.tsx').then((m) => ({ Component: m.ChangeRequestPage })),
    },
    {
      path: 'change_requests/new',
      lazy: () => import('./change-requests/change-request-page.tsx').then((m) => ({ Component: m.ChangeRequestPage })),
    },
    administrationOnly([
      {
        path: 'administration/change_requests',
        lazy: () =>
          import('./change-requests/change-requests-admin-page.tsx').then((m) => ({
            Component: m.ChangeRequestsAdminPage,
          })),
      },
    ]),
    {
      path: 'onboarding/profile',
      lazy: () => import('./edit/onboarding-page.tsx').then((m) => ({ Component: m.OnboardingPage })),
    },
    {
      path: 'users/edit',
      lazy: () => import('./pages/account-page.tsx').then((m) => ({ Component: m.AccountPage })),
    },
  ],
  userMenu: [
    {
      key: 'profile',
      label: 'members:profile.menu',
      section: 'personal',
      order: 40,
      path: ({ member }) => `/members/${member.id}`,
    },
    {
      // The network's config names where editing one's profile happens (the profile or the registration).
      key: 'profile_edit',
      label: 'members:profile_edit.menu',
      section: 'personal',
      order: 41,
      path: ({ member, network }) =>
        network.config.memberships.profile_edit_target === 'registration'
          ? '/users/edit'
          : `/members/${member.id}/edit`,
    },
    {
      // Only where the network's config enables change requests.
      key: 'change_request',
      label: 'members:change_requests.menu',
      section: 'personal',
      order: 42,
      path: () => '/change_requests/new',
      visible: ({ network }) => changeRequestsOn(network),
    },
    {
      key: 'locale_settings',
      label: 'members:locale_settings.menu',
      section: 'settings',
      order: 30,
      path: ({ member }) => `/members/${member.id}/locale_settings`,
    },
    {
      key: 'account',
      label: 'members:account.menu',
      section: 'settings',
      order: 20,
      path: () => '/users/edit',
    },
  ],
  administration: [
    {
      key: 'change_requests',
      section: 'people',
      label: 'members:change_requests.admin_title',
      description: 'members:change_requests.admin_description',
      icon: IconUserEdit,
      path: '/administration/change_requests',
      visible: changeRequestsOn,
    },
  ],
};
