import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import type { MembersService } from '../members/index.ts';
import { authenticationTokenRoutes } from './authentication-token-routes.ts';
import { localeSettingsRoutes } from './locale-settings-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import { accountRoutes } from './routes.ts';
import { accountCacheInvalidations, createAccountsService } from './service.ts';
import { createSignInGuard } from './sign-in-guard.ts';

/** Accounts: sign-in, sessions, password reset, locale settings and feed tokens. */
export const accountsModule = defineModule({
  name: 'accounts',
  needs: ['members'],
  create: (platform, { members }: { members: MembersService }) =>
    createAccountsService({
      db: platform.db,
      events: platform.events,
      cache: platform.cache,
      members,
      mailer: platform.mailer,
      publicUrl: platform.config.publicUrl,
      sessionTtlDays: platform.config.sessionTtlDays,
      onSessionEnded: platform.realtime.disconnectSession,
    }),
  cacheInvalidations: accountCacheInvalidations,
  routes: (accounts, { members }, platform) => [
    accountRoutes({
      accounts,
      guard: createSignInGuard(platform.config.signInLimits, {
        redisUrl: platform.config.redisUrl,
        redisKeyPrefix: platform.config.redisKeyPrefix,
        log: platform.log,
      }),
      resetLimits: platform.config.passwordResetLimits,
      tokenLimitPerIp: platform.config.signInLimits.perIp,
    }),
    localeSettingsRoutes({ accounts, members }),
    authenticationTokenRoutes({ accounts }),
    registrationRoutes({ accounts }),
  ],
  // Anna can subscribe to her calendars at once; the others make their token on the account page.
  demo: async (demo: DemoNetwork): Promise<void> =>
    void (await demo.services.accounts.renewAuthenticationToken(demo.userIds[0]!)),
});
