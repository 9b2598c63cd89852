import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';

export type FilesDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  storage: Pick<
    Storage,
    'attach' | 'owned' | 'removeOwned' | 'purge' | 'purgeKeys' | 'live' | 'fileToken' | 'replaceContent' | 'store'
  >;
  groups: Pick<GroupsService, 'contentGroups'>;
  members: Pick<MembersService, 'findMany'>;
  networks: Pick<NetworksService, 'get'>;
  notifications: Pick<NotificationsService, 'notify'>;
  activities: Pick<ActivitiesService, 'postFromModule' | 'defaultStreamId'>;
};
