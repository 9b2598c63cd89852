import { defineModule } from '../../platform/loader/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { navigationRoutes } from './routes.ts';
import { createNavigationService } from './service.ts';

/** The web navigation of the network and of groups, and the mobile app's navigation. */
export const navigationModule = defineModule({
  name: 'navigation',
  needs: ['groups'],
  create: (platform, _needs: { groups: GroupsService }) =>
    createNavigationService({ db: platform.db, events: platform.events }),
  routes: (navigation, { groups }) => [navigationRoutes({ navigation, groups })],
});
