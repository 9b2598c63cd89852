import { defineModule } from '../../platform/loader/index.ts';
import { groupCacheInvalidations } from './administration-cache.ts';
import { groupCategoryRoutes } from './category-routes.ts';
import { groupRoutes } from './routes.ts';
import { createGroupsService } from './service.ts';
import { GROUP_OWNER } from './storage-owner.ts';

/** Groups and group categories. */
export const groupsModule = defineModule({
  name: 'groups',
  needs: [],
  create: (platform) =>
    createGroupsService(platform.db, platform.events, { storage: platform.storage, cache: platform.cache }),
  cacheInvalidations: groupCacheInvalidations,
  routes: (groups) => [groupRoutes({ groups }), groupCategoryRoutes({ groups })],
  storageOwners: (groups) => ({ [GROUP_OWNER]: groups.storageOwner }),
  searchSources: (groups) => [groups.searchSource],
});
