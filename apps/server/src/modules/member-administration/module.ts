import { defineModule } from '../../platform/loader/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { MembershipRolesService } from '../membership-roles/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { ProfileEditService } from '../profile-edit/index.ts';
import { ANONYMIZE_EVERY, ANONYMIZE_QUEUE, createAnonymizer } from './anonymize.ts';
import { memberAdministrationProcessors } from './processors.ts';
import { memberAdministrationRoutes } from './routes.ts';
import { createMemberAdministrationService } from './service.ts';

type Needs = {
  accounts: AccountsService;
  members: MembersService;
  groups: GroupsService;
  membershipRoles: MembershipRolesService;
  networks: NetworksService;
  profileEdit: ProfileEditService;
};

/** Network administrators make, edit, lock and delete members and manage their groups; locked members are anonymized as the settings say. */
export const memberAdministrationModule = defineModule({
  name: 'memberAdministration',
  needs: ['accounts', 'members', 'groups', 'membershipRoles', 'networks', 'profileEdit'],
  create: (platform, needs: Needs) => {
    const service = createMemberAdministrationService({ events: platform.events, ...needs });
    const anonymizer = createAnonymizer({ events: platform.events, members: needs.members, networks: needs.networks });
    platform.jobs.every(ANONYMIZE_QUEUE, ANONYMIZE_EVERY, async () => {
      await anonymizer.anonymizeDue(new Date());
    });
    return Object.assign(service, { anonymizer });
  },
  routes: (memberAdministration) => [memberAdministrationRoutes({ memberAdministration })],
  processors: (service, needs, platform) =>
    memberAdministrationProcessors({
      anonymizer: service.anonymizer,
      accounts: needs.accounts,
      members: needs.members,
      networks: needs.networks,
      mailer: platform.mailer,
    }),
});
