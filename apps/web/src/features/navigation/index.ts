import { IconDeviceMobile, IconListTree } from '@tabler/icons-react';
import type { RouteObject } from 'react-router';
import type { FeatureModule } from '../../app/registry.ts';
import { administrationOnly } from '../administration/index.ts';

const editor = (): RouteObject['lazy'] => () =>
  import('./pages/navigation-edit-page.tsx').then((m) => ({ Component: m.NavigationEditPage }));

/** The navigation editors; the navigation itself shows in the header and the user bar (header-navigation.tsx). */
export const navigationFeature: FeatureModule = {
  key: 'navigation',
  namespaces: ['navigation'],
  routes: [
    // A group's admins edit its navigation: the page asks the server, which answers 403 to others.
    { path: 'groups/:groupSlug/administration/navigation/edit', lazy: editor() },
    administrationOnly([
      { path: 'administration/navigation/edit', lazy: editor() },
      {
        path: 'administration/app_navigation/edit',
        lazy: () =>
          import('./pages/app-navigation-edit-page.tsx').then((m) => ({ Component: m.AppNavigationEditPage })),
      },
    ]),
  ],
  administration: [
    {
      key: 'navigation',
      section: 'network',
      label: 'navigation:editor.title',
      description: 'navigation:editor.description',
      icon: IconListTree,
      path: '/administration/navigation/edit',
    },
    {
      key: 'app_navigation',
      section: 'network',
      label: 'navigation:app.title',
      description: 'navigation:app.description',
      icon: IconDeviceMobile,
      path: '/administration/app_navigation/edit',
    },
  ],
};
export { HeaderNavigation, PublicNavigation, UserbarNavigation } from './header-navigation.tsx';
