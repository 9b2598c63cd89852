import { defineModule } from '../../platform/loader/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ProfileEditService } from '../profile-edit/index.ts';
import { changeRequestProcessors } from './processors.ts';
import { changeRequestRoutes } from './routes.ts';
import { createChangeRequestsService } from './service.ts';

type Needs = {
  members: MembersService;
  networks: NetworksService;
  profileEdit: ProfileEditService;
  notifications: NotificationsService;
};

/** Profile change requests: members ask for changes of the network's change-request fields, administrators decide. */
export const changeRequestsModule = defineModule({
  name: 'changeRequests',
  needs: ['members', 'networks', 'profileEdit', 'notifications'],
  create: (platform, needs: Needs) =>
    createChangeRequestsService({ db: platform.db, events: platform.events, ...needs }),
  routes: (changeRequests) => [changeRequestRoutes({ changeRequests })],
  processors: (_service, needs) => changeRequestProcessors({ notifications: needs.notifications }),
});
