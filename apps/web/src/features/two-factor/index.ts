import { TWO_FACTOR_PATH } from '@agora/contracts';
import type { FeatureModule } from '../../app/registry.ts';

export { SignInSecondFactor } from './components/sign-in-step.tsx';
export { useResetMemberFactors } from './api.ts';

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
