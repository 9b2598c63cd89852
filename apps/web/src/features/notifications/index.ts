import type { FeatureModule } from '../../app/registry.ts';
import { withGroup } from '../../app/shell/active-module.ts';

export { NotificationMenu } from './components/notification-menu.tsx';
export { NotificationItem } from './components/notification-item.tsx';
export { notificationsQuery } from './api.ts';
export { useOpenNotification } from './use-open-notification.ts';

export const notificationsFeature: FeatureModule = {
  key: 'notifications',
  namespaces: ['notifications'],
  // The notifications are part of the activities module.
  activeModules: withGroup('/notifications', 'activities'),
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
