import type { Config } from '../../config.ts';
import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { ExternalInvitesService } from '../external-invites/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ProfileEditService } from '../profile-edit/index.ts';
import { createAltcha } from './altcha.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { registrationRoutes } from './routes.ts';
import { seedDemoRegistrations } from './demo.ts';
import { createRegistrationsService } from './service.ts';

type Needs = {
  accounts: AccountsService;
  members: MembersService;
  networks: NetworksService;
  externalInvites: ExternalInvitesService;
  groups: GroupsService;
  notifications: NotificationsService;
  profileEdit: ProfileEditService;
};

/** Joining the network: signing up (moderated or not, with a proof of work) and accepting invitations. */
export const registrationsModule = defineModule({
  name: 'registrations',
  needs: ['accounts', 'members', 'networks', 'externalInvites', 'groups', 'notifications', 'profileEdit'],
  create: (platform, needs: Needs) =>
    createRegistrationsService({
      ...needs,
      db: platform.db,
      events: platform.events,
      mailer: platform.mailer,
      publicUrl: platform.config.publicUrl,
      altcha: createAltcha({
        secret: platform.config.sessionSecret,
        redisUrl: platform.config.redisUrl,
        redisKeyPrefix: platform.config.redisKeyPrefix,
        log: platform.log,
      }),
    }),
  routes: (registrations, { accounts }, platform) => [
    registrationRoutes({ registrations, accounts, limits: joinLimits(platform.config) }),
    invitationRoutes({ registrations, accounts, limits: joinLimits(platform.config) }),
  ],
  processors: (registrations) => registrations.processors,
  demo: (demo: DemoNetwork) => seedDemoRegistrations(demo),
});

/** Joining is limited per IP as failed sign-ins are. */
const joinLimits = (config: Config) => ({ perIp: config.signInLimits.perIp, windowMs: config.signInLimits.windowMs });
