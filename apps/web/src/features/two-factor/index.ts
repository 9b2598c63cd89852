import { lazy } from 'react';
import type { FeatureModule } from '../../app/registry.ts';

// The contracts' TWO_FACTOR_PATH, written out: this file is in the initial bundle, which takes no schemas.
const TWO_FACTOR_PATH = '/users/two_factor_authentication';

/** The sign-in's code step, loaded only when a sign-in needs it (render it inside Suspense). */
export const SignInSecondFactor = lazy(() =>
  import('./components/sign-in-step.tsx').then((m) => ({ default: m.SignInSecondFactor })),
);

/** The member's second factors (`/users/two_factor_authentication`), linked from the user menu. */
export const twoFactorFeature: FeatureModule = {
  key: 'two-factor',
  namespaces: ['two-factor'],
  routes: [
    {
      path: TWO_FACTOR_PATH.slice(1),
      lazy: () => import('./pages/two-factor-page.tsx').then((m) => ({ Component: m.TwoFactorPage })),
    },
  ],
  userMenu: [
    {
      key: 'two_factor',
      label: 'two-factor:menu',
      section: 'settings',
      order: 60,
      path: () => TWO_FACTOR_PATH,
    },
  ],
};
