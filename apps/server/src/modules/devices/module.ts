import { defineModule } from '../../platform/loader/index.ts';
import { createWebPushProvider } from '../../platform/push/web-push.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { deviceRoutes } from './routes.ts';
import { createDevicesService } from './service.ts';
import { createWebTokens } from './web-token.ts';

type Needs = { notifications: NotificationsService; accounts: AccountsService; networks: NetworksService };

/**
 * Members' devices and their push notifications: browsers by Web Push (with VAPID keys
 * configured), the mobile apps' tokens kept for providers added with `useProvider`.
 */
export const devicesModule = defineModule({
  name: 'devices',
  needs: ['notifications', 'accounts', 'networks'],
  create(platform, needs: Needs) {
    const { config } = platform;
    const devices = createDevicesService({
      db: platform.db,
      events: platform.events,
      jobs: platform.jobs,
      log: platform.log,
      ...needs,
      webTokens: createWebTokens(config.sessionSecret),
      vapidPublicKey: config.vapid?.publicKey ?? null,
    });
    if (config.vapid) devices.useProvider(createWebPushProvider({ vapid: config.vapid }));
    return devices;
  },
  routes: (devices, needs: Needs) => [
    deviceRoutes({ devices, sessionMaxAgeSeconds: needs.accounts.sessionMaxAgeSeconds }),
  ],
});
