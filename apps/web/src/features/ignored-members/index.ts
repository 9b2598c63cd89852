import type { FeatureModule } from '../../app/registry.ts';

export { IgnoredContent } from './components/ignored-content.tsx';
export { IgnoreButton } from './components/ignore-button.tsx';
export { useIgnoredIds } from './api.ts';

/** Members the current member ignores: their list, and their content shown collapsed elsewhere. */
export const ignoredMembersFeature: FeatureModule = {
  key: 'ignored-members',
  namespaces: ['ignored-members'],
  routes: [
    {
      path: 'members/:membershipId/ignored',
      lazy: () => import('./pages/ignored-members-page.tsx').then((m) => ({ Component: m.IgnoredMembersPage })),
    },
  ],
  userMenu: [
    {
      key: 'ignored',
      label: 'ignored-members:menu',
      section: 'settings',
      order: 50,
      path: ({ member }) => `/members/${member.id}/ignored`,
    },
  ],
};
