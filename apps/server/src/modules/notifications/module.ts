import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoNotifications } from '../../seed/demo-notifications.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationsService } from './service.ts';

type Needs = {
  members: MembersService;
  accounts: AccountsService;
  networks: NetworksService;
  ignoredMembers: IgnoredMembersService;
};

/** Notifications: what happened to a member, rendered in the reader's language. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['members', 'accounts', 'networks', 'ignoredMembers'],
  create: (platform, needs: Needs) =>
    createNotificationsService({ db: platform.db, realtime: platform.realtime, ...needs }),
  routes: (notifications) => [notificationRoutes({ notifications })],
  unreadCounters: (notifications) => ({ Notifications: notifications.unreadCount }),
  demo: async (demo: DemoNetwork): Promise<void> => void (await seedDemoNotifications(demo.services, demo)),
});
