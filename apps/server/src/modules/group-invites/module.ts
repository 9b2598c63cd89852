import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoGroupInvites } from '../../seed/demo-group-invites.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { InvitesService } from '../invites/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { groupInviteRoutes } from './routes.ts';
import { createGroupInvitesService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  invites: InvitesService;
  notifications: NotificationsService;
  accounts: AccountsService;
  memberSettings: MemberSettingsService;
  networks: NetworksService;
};

/** Group invitations: inviting members to groups, answering them, the invites sent. */
export const groupInvitesModule = defineModule({
  name: 'groupInvites',
  needs: ['groups', 'members', 'invites', 'notifications', 'accounts', 'memberSettings', 'networks'],
  create: (platform, needs: Needs) =>
    createGroupInvitesService({
      ...needs,
      db: platform.db,
      events: platform.events,
      mailer: platform.mailer,
      realtime: platform.realtime,
      publicUrl: platform.config.publicUrl,
    }),
  routes: (groupInvites) => [groupInviteRoutes({ groupInvites })],
  processors: (groupInvites) => groupInvites.processors,
  unreadCounters: (groupInvites) => ({ GroupInvites: groupInvites.groupInviteUnreads }),
  demo: (demo: DemoNetwork) => seedDemoGroupInvites(demo),
});
