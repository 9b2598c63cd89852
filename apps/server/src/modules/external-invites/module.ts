import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupInvitesService } from '../group-invites/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { seedDemoExternalInvites } from './demo.ts';
import { externalInviteRoutes } from './routes.ts';
import { createExternalInvitesService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  accounts: AccountsService;
  networks: NetworksService;
  groupInvites: GroupInvitesService;
};

/** Invitations by e-mail: inviting people who are not members yet, their lists, accepting them. */
export const externalInvitesModule = defineModule({
  name: 'externalInvites',
  needs: ['groups', 'members', 'accounts', 'networks', 'groupInvites'],
  create: (platform, needs: Needs) =>
    createExternalInvitesService({
      ...needs,
      db: platform.db,
      events: platform.events,
      mailer: platform.mailer,
      publicUrl: platform.config.publicUrl,
    }),
  routes: (externalInvites, { groupInvites }) => [externalInviteRoutes({ externalInvites, groupInvites })],
  processors: (externalInvites) => externalInvites.processors,
  demo: (demo: DemoNetwork) => seedDemoExternalInvites(demo),
});
