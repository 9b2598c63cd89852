import type { FeatureModule } from '../../app/registry.ts';

export const membersFeature: FeatureModule = {
  key: 'members',
  routes: [
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
