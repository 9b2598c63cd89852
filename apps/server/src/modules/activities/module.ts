import { safeFetchText } from '../../platform/http/safe-fetch.ts';
import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoActivities } from '../../seed/demo-activities.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { AppointmentsService } from '../appointments/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { activitySourceProcessors } from './activity-sources.ts';
import { circularLetterRoutes } from './circular-letter-routes.ts';
import { createCircularLetters } from './circular-letters.ts';
import { ACTIVITY_OWNER, ACTIVITY_REPLY_OWNER } from './events.ts';
import { joinStreamRoomsOnConnection, streamRoomsProcessor } from './live-rooms.ts';
import { activityRoutes, unreadFeatureRoutes } from './routes.ts';
import { activitySearchSource } from './search-source.ts';
import { createActivitiesService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  networks: NetworksService;
  notifications: NotificationsService;
  accounts: AccountsService;
  memberSettings: MemberSettingsService;
  appointments: AppointmentsService;
  ignoredMembers: IgnoredMembersService;
};

/** Activity streams: posts to the network's and the groups' streams, replies, likes, tags, mentions. */
export const activitiesModule = defineModule({
  name: 'activities',
  needs: [
    'groups',
    'members',
    'networks',
    'notifications',
    'accounts',
    'memberSettings',
    'appointments',
    'ignoredMembers',
  ],
  create: (platform, needs: Needs) => {
    const deps = {
      ...needs,
      db: platform.db,
      events: platform.events,
      storage: platform.storage,
      realtime: platform.realtime,
      mailer: platform.mailer,
      publicUrl: platform.config.publicUrl,
      jobs: platform.jobs,
      fetchPage: platform.config.linkPreviews
        ? (url: string) => safeFetchText(url, { userAgent: `Agora link preview (+${platform.config.publicUrl})` })
        : null,
    };
    const activities = createActivitiesService(deps);
    // The groups' search hits show how many posts the member may read in each group.
    needs.groups.usePostCounts((actor, ids) => activities.groupPostCounts(actor, ids));
    activities.linkPreviews.registerWorker();
    // Every connection hears of posts in its member's groups (the activity:* events).
    joinStreamRoomsOnConnection({ realtime: platform.realtime, groups: needs.groups });
    const circularLetters = createCircularLetters(deps, activities);
    return { ...activities, circularLetters };
  },
  routes: (activities, _needs, platform) => [
    activityRoutes({ activities }),
    unreadFeatureRoutes({ unreads: platform.unreads }),
    circularLetterRoutes({ circularLetters: activities.circularLetters }),
  ],
  processors: (activities, needs, platform) => [
    ...activities.processors,
    // Appointments announced in streams, group joins posted: other modules' events.
    ...activitySourceProcessors(
      { ...needs, db: platform.db, events: platform.events, storage: platform.storage },
      activities,
    ),
    ...activities.circularLetters.processors,
    streamRoomsProcessor({ realtime: platform.realtime, groups: needs.groups }),
  ],
  storageOwners: (activities) => ({
    [ACTIVITY_OWNER]: activities.activityOwner,
    [ACTIVITY_REPLY_OWNER]: activities.replyOwner,
  }),
  unreadCounters: (activities) => ({ Activities: activities.activityUnreads }),
  searchSources: (activities, needs, platform) => [
    activitySearchSource({ db: platform.db, storage: platform.storage, groups: needs.groups }, activities),
  ],
  demo: (demo: DemoNetwork) => seedDemoActivities(demo),
});
