import type { FeatureModule } from '../../app/registry.ts';

export { sessionQuery, useSignOut } from './api.ts';

/** Sign-in and password reset, outside the shell. */
export const sessionFeature: FeatureModule = {
  key: 'session',
  namespaces: ['session'],
  standaloneRoutes: [
    {
      path: '/users/sign_in',
      lazy: () => import('./pages/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
    },
    {
      path: '/users/password/new',
      lazy: () => import('./pages/password-new-page.tsx').then((m) => ({ Component: m.PasswordNewPage })),
    },
    {
      path: '/users/password/edit',
      lazy: () => import('./pages/password-edit-page.tsx').then((m) => ({ Component: m.PasswordEditPage })),
    },
  ],
};
