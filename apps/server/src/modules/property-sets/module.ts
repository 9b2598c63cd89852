import { defineModule } from '../../platform/loader/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { propertySetRoutes } from './routes.ts';
import { createPropertySetsService, propertySetCacheInvalidations } from './service.ts';

/** Property sets: the network's member profile (`profile`) and the sets of contexts derived from it. */
export const propertySetsModule = defineModule({
  name: 'propertySets',
  needs: ['groups', 'networks'],
  create(platform, { networks }: { groups: GroupsService; networks: NetworksService }) {
    return createPropertySetsService({
      db: platform.db,
      events: platform.events,
      cache: platform.cache,
      storage: platform.storage,
      networkLanguage: async (networkId) => (await networks.get(networkId))?.language ?? null,
    });
  },
  cacheInvalidations: propertySetCacheInvalidations,
  routes: (propertySets, { groups }) => [propertySetRoutes({ propertySets, groups })],
});
