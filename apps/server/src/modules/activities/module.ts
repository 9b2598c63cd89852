import { defineModule } from '../../platform/loader/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { ACTIVITY_OWNER } from './events.ts';
import { activityRoutes } from './routes.ts';
import { createActivitiesService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  networks: NetworksService;
  notifications: NotificationsService;
};

/** Activity streams: posts to the network's and the groups' streams, replies, likes, tags, mentions. */
export const activitiesModule = defineModule({
  name: 'activities',
  needs: ['groups', 'members', 'networks', 'notifications'],
  create: (platform, needs: Needs) =>
    createActivitiesService({
      ...needs,
      db: platform.db,
      events: platform.events,
      storage: platform.storage,
      realtime: platform.realtime,
    }),
  routes: (activities) => [activityRoutes({ activities })],
  storageOwners: (activities) => ({ [ACTIVITY_OWNER]: activities.activityOwner }),
});
