import type { FeatureModule } from '../../app/registry.ts';

export { EmailSection, PasswordSection } from './components/registration-sections.tsx';

/** The member's mail settings, and confirming a new address of their account. */
export const memberSettingsFeature: FeatureModule = {
  key: 'member-settings',
  namespaces: ['member-settings'],
  routes: [
    {
      path: 'members/:membershipId/settings/edit',
      lazy: () => import('./pages/member-settings-page.tsx').then((m) => ({ Component: m.MemberSettingsPage })),
    },
  ],
  standaloneRoutes: [
    {
      path: '/users/confirmation',
      lazy: () => import('./pages/email-confirmation-page.tsx').then((m) => ({ Component: m.EmailConfirmationPage })),
    },
  ],
  userMenu: [
    {
      key: 'member_settings',
      label: 'member-settings:menu',
      section: 'settings',
      order: 35,
      path: ({ member }) => `/members/${member.id}/settings/edit`,
    },
  ],
};
