import { defineModule } from '../../platform/loader/index.ts';
import { createLimits } from '../../platform/limits/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { twoFactorRoutes } from './routes.ts';
import { createTwoFactorSecrets } from './secrets.ts';
import { CODE_ATTEMPTS, createTwoFactorService } from './service.ts';

type Needs = { accounts: AccountsService; members: MembersService; networks: NetworksService };

/** Two-factor authentication: members' factors and backup codes, the sign-in's code step, the admins' reset. */
export const twoFactorModule = defineModule({
  name: 'twoFactor',
  needs: ['accounts', 'members', 'networks'],
  create: (platform, needs: Needs) => {
    const service = createTwoFactorService({
      db: platform.db,
      events: platform.events,
      mailer: platform.mailer,
      ...needs,
      secrets: createTwoFactorSecrets(platform.config.sessionSecret),
      // Attempts at codes, counted for all processes alike (Redis when configured).
      limits: createLimits({
        budgets: { codeAttempts: CODE_ATTEMPTS },
        redisUrl: platform.config.redisUrl,
        redisKeyPrefix: `${platform.config.redisKeyPrefix}two-factor:`,
        log: platform.log,
      }),
    });
    needs.accounts.useSecondFactor(service.gate);
    return service;
  },
  routes: (twoFactor) => [
    twoFactorRoutes({ twoFactor }),
    async (app) => {
      app.addHook('onClose', () => twoFactor.close());
    },
  ],
});
