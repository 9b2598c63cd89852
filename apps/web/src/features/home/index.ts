import type { FeatureModule } from '../../app/registry.ts';

export const homeFeature: FeatureModule = {
  key: 'home',
  routes: [{ index: true, lazy: () => import('./pages/landing-page.tsx').then((m) => ({ Component: m.LandingPage })) }],
};
