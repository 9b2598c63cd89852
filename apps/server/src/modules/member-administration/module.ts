import { defineModule } from '../../platform/loader/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { MembershipRolesService } from '../membership-roles/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { memberAdministrationProcessors } from './processors.ts';
import { memberAdministrationRoutes } from './routes.ts';
import { createMemberAdministrationService } from './service.ts';

type Needs = {
  accounts: AccountsService;
  members: MembersService;
  groups: GroupsService;
  membershipRoles: MembershipRolesService;
  networks: NetworksService;
};

/** Network administrators make, edit, lock and delete members and manage their groups. */
export const memberAdministrationModule = defineModule({
  name: 'memberAdministration',
  needs: ['accounts', 'members', 'groups', 'membershipRoles', 'networks'],
  create: (platform, needs: Needs) => createMemberAdministrationService({ events: platform.events, ...needs }),
  routes: (memberAdministration) => [memberAdministrationRoutes({ memberAdministration })],
  processors: (_service, needs, platform) =>
    memberAdministrationProcessors({
      accounts: needs.accounts,
      members: needs.members,
      networks: needs.networks,
      mailer: platform.mailer,
    }),
});
