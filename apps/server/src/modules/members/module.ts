import { defineModule } from '../../platform/loader/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { MEMBERSHIP_OWNER } from './profile-image.ts';
import { memberRoutes } from './routes.ts';
import { createMemberSearchRepository } from './search-repository.ts';
import { memberSearchSource } from './search-source.ts';
import { createMembersService, memberCacheInvalidations } from './service.ts';

/** Memberships of a network and their profiles. */
export const membersModule = defineModule({
  name: 'members',
  needs: ['networks', 'groups'],
  create: (platform, { networks }: { networks: NetworksService; groups: GroupsService }) =>
    createMembersService(
      platform.db,
      platform.events,
      async (networkId) => {
        const network = await networks.get(networkId);
        return !!network && networks.settings(network).show_locked_memberships;
      },
      platform.cache,
    ),
  cacheInvalidations: memberCacheInvalidations,
  storageOwners: (members) => ({ [MEMBERSHIP_OWNER]: members.profileImageOwner }),
  routes: (members, { networks, groups }) => [memberRoutes({ members, networks, groups })],
  searchSources: (_members, { networks }, platform) => [
    memberSearchSource({
      search: createMemberSearchRepository(platform.db),
      async directoryFields(networkId) {
        const network = await networks.get(networkId);
        return network ? networks.settings(network).directory_profile_fields : [];
      },
    }),
  ],
});
