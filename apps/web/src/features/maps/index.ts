import type { FeatureModule } from '../../app/registry.ts';

const networkMap = () => import('./pages/map-page.tsx').then((m) => ({ Component: m.NetworkMapPage }));

/**
 * The members' maps (only while the network's `maps_enabled`: the server answers 404 otherwise).
 * Their pages belong to the directory module of the user bar (shell/active-module.ts).
 */
export const mapsFeature: FeatureModule = {
  key: 'maps',
  namespaces: ['maps'],
  routes: [
    { path: 'map', lazy: networkMap },
    { path: 'map/members', lazy: networkMap },
    { path: 'members/map', lazy: networkMap },
    {
      path: 'groups/:groupSlug/map',
      lazy: () => import('./pages/map-page.tsx').then((m) => ({ Component: m.GroupMapPage })),
    },
  ],
};
