import { defineModule } from '../../platform/loader/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import { memberSettingsRoutes } from './routes.ts';
import { createMemberSettingsService } from './service.ts';

type Needs = {
  members: MembersService;
  accounts: AccountsService;
  groups: GroupsService;
  ignoredMembers: IgnoredMembersService;
};

/** Members' mail settings, bounced addresses, and whether an optional mail may go to a member. */
export const memberSettingsModule = defineModule({
  name: 'memberSettings',
  needs: ['members', 'accounts', 'groups', 'ignoredMembers'],
  create: (platform, needs: Needs) =>
    createMemberSettingsService({ ...needs, db: platform.db, events: platform.events }),
  routes: (memberSettings, { members }, platform) => [
    memberSettingsRoutes({ memberSettings, members, bounceToken: platform.config.mailBounceToken }),
  ],
});
