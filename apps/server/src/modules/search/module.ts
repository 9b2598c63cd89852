import { defineModule } from '../../platform/loader/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { searchRoutes } from './routes.ts';

/** The search calls; the index and the modules' sources are the platform's (`platform.search`). */
export const searchModule = defineModule({
  name: 'search',
  needs: ['groups'],
  create: (platform, _needs: { groups: GroupsService }) => platform.search,
  routes: (search, { groups }) => [searchRoutes({ search, groups })],
});
