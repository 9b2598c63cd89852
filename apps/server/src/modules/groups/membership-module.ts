import { defineModule } from '../../platform/loader/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { AuditLogService } from '../audit-log/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { categoryAdminRoutes } from './category-admin-routes.ts';
import { memberRemovalProcessor } from './member-removal-processor.ts';
import { membershipProcessors } from './membership-processors.ts';
import { membershipRoutes } from './membership-routes.ts';
import type { GroupsService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  notifications: NotificationsService;
  accounts: AccountsService;
  memberSettings: MemberSettingsService;
  networks: NetworksService;
  auditLog: AuditLogService;
};

/**
 * Group membership's calls, notices and counts. Its writes live in the groups service; this
 * definition is apart because telling members (notifications, mails, member names) needs
 * modules that themselves need the groups module.
 */
export const groupMembershipModule = defineModule({
  name: 'groupMembership',
  needs: ['groups', 'members', 'notifications', 'accounts', 'memberSettings', 'networks', 'auditLog'],
  create: (_platform, needs: Needs) => {
    // The audit log links its group entries to the group's page while the group exists.
    needs.auditLog.registerSubject('group', (networkId, ids) => needs.groups.groupPaths(networkId, ids));
    return { joinRequestCounts: needs.groups.joinRequests.unreadCounts };
  },
  routes: (_service, needs) => [
    membershipRoutes({ groups: needs.groups, members: needs.members }),
    categoryAdminRoutes({ groups: needs.groups, members: needs.members }),
  ],
  processors: (_service, needs, platform) => [
    ...membershipProcessors({
      groups: needs.groups,
      members: needs.members,
      notifications: needs.notifications,
      accounts: needs.accounts,
      memberSettings: needs.memberSettings,
      networks: needs.networks,
      mailer: platform.mailer,
      realtime: platform.realtime,
      publicUrl: platform.config.publicUrl,
    }),
    memberRemovalProcessor(needs.groups),
  ],
  unreadCounters: (service) => ({
    GroupJoinRequests: (actor) => service.joinRequestCounts(actor.networkId, actor.membershipId),
  }),
});
