import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoDirectory } from '../../seed/demo-directory.ts';
import type { GroupInvitesService } from '../group-invites/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { MembershipRolesService } from '../membership-roles/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { directoryRoutes } from './routes.ts';
import { createDirectoryService } from './service.ts';

type Needs = {
  members: MembersService;
  groups: GroupsService;
  groupInvites: GroupInvitesService;
  membershipRoles: MembershipRolesService;
  networks: NetworksService;
};

/** The directory: its member list and category tabs, and the members, groups and roles to pick from. */
export const directoryModule = defineModule({
  name: 'directory',
  needs: ['members', 'groups', 'groupInvites', 'membershipRoles', 'networks'],
  create: (_platform, needs: Needs) => createDirectoryService(needs),
  routes: (directory, { groups }) => [directoryRoutes({ directory, groups })],
  demo: (demo: DemoNetwork) => seedDemoDirectory(demo),
});
