import type { FeatureModule } from '../../app/registry.ts';

export { networkQuery } from './api.ts';

export const homeFeature: FeatureModule = {
  key: 'home',
  // The start page shows the home stream, appointments, chats and notifications with those features' parts and words.
  namespaces: ['home', 'activities', 'appointments', 'chat', 'notifications'],
  routes: [{ index: true, lazy: () => import('./pages/landing-page.tsx').then((m) => ({ Component: m.LandingPage })) }],
};
