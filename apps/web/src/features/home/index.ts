import type { FeatureModule } from '../../app/registry.ts';

export { networkQuery } from './api.ts';

export const homeFeature: FeatureModule = {
  key: 'home',
  namespaces: ['home'],
  routes: [{ index: true, lazy: () => import('./pages/landing-page.tsx').then((m) => ({ Component: m.LandingPage })) }],
};
