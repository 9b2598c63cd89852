import { defineModule } from '../../platform/loader/index.ts';
import type { MembersService } from '../members/index.ts';
import { ignoredMemberCacheInvalidations } from './events.ts';
import { ignoredMemberRoutes } from './routes.ts';
import { createIgnoredMembersService } from './service.ts';

/** Members ignoring others: whose content is shown them collapsed, who cannot write to them. */
export const ignoredMembersModule = defineModule({
  name: 'ignoredMembers',
  needs: ['members'],
  create: (platform, { members }: { members: MembersService }) =>
    createIgnoredMembersService({ db: platform.db, events: platform.events, members, cache: platform.cache }),
  cacheInvalidations: ignoredMemberCacheInvalidations,
  routes: (ignoredMembers) => [ignoredMemberRoutes({ ignoredMembers })],
});
