import { defineModule } from '../../platform/loader/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { PropertySetsService } from '../property-sets/index.ts';
import { profileEditRoutes } from './routes.ts';
import { createProfileEditService } from './service.ts';

/** Members edit their profile (administrators any member's); new members give theirs in the onboarding. */
export const profileEditModule = defineModule({
  name: 'profileEdit',
  needs: ['members', 'networks', 'propertySets'],
  create: (
    platform,
    needs: { members: MembersService; networks: NetworksService; propertySets: PropertySetsService },
  ) => {
    const service = createProfileEditService({ events: platform.events, storage: platform.storage, ...needs });
    needs.members.useProfileProperties(service.profileProperties);
    return service;
  },
  routes: (profileEdit) => [profileEditRoutes({ profileEdit })],
});
