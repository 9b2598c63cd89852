import type { FeatureModule } from '../../app/registry.ts';

export const membersFeature: FeatureModule = {
  key: 'members',
  routes: [
    {
      path: 'members/:membershipId/locale_settings',
      lazy: () => import('./pages/locale-settings-page.tsx').then((m) => ({ Component: m.LocaleSettingsPage })),
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
  ],
};
