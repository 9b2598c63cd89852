import type { FeatureModule } from '../../app/registry.ts';

export const notificationsFeature: FeatureModule = {
  key: 'notifications',
  routes: [
    {
      path: 'notifications',
      lazy: () => import('./pages/notifications-page.tsx').then((m) => ({ Component: m.NotificationsPage })),
    },
  ],
  userMenu: [
    {
      key: 'notifications',
      label: 'notifications:title',
      section: 'personal',
      order: 10,
      path: () => '/notifications',
      unread: (unreads) => unreads.Notifications,
    },
  ],
};
