import type { FeatureModule } from '../../app/registry.ts';

export const membersFeature: FeatureModule = {
  key: 'members',
  namespaces: ['members'],
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
      path: 'users/edit',
      lazy: () => import('./pages/account-page.tsx').then((m) => ({ Component: m.AccountPage })),
    },
  ],
  userMenu: [
    // The profile editor (/members/{id}/edit) comes later: until then there is no link to it.
    {
      key: 'profile',
      label: 'members:profile.menu',
      section: 'personal',
      order: 40,
      path: ({ member }) => `/members/${member.id}`,
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
};
