import type { FeatureModule } from '../../app/registry.ts';

export const groupsFeature: FeatureModule = {
  key: 'groups',
  routes: [
    {
      path: 'groups/:groupSlug',
      lazy: () => import('./pages/group-page.tsx').then((m) => ({ Component: m.GroupPage })),
    },
  ],
};
