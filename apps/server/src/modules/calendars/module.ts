import { defineModule } from '../../platform/loader/index.ts';
import { seedDemoCalendars } from '../../seed/demo-calendars.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MeetingRoomsService } from '../meeting-rooms/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { calendarProcessors } from './processors.ts';
import { calendarRoutes } from './routes.ts';
import { createCalendarsService } from './service.ts';

type Needs = {
  networks: NetworksService;
  groups: GroupsService;
  members: MembersService;
  accounts: AccountsService;
  meetingRooms: MeetingRoomsService;
};

/** Calendars of every type and their sharing; each network and group starts with its own. */
export const calendarsModule = defineModule({
  name: 'calendars',
  needs: ['networks', 'groups', 'members', 'accounts', 'meetingRooms'],
  create: (platform, needs: Needs) =>
    createCalendarsService({
      db: platform.db,
      events: platform.events,
      networks: needs.networks,
      groups: needs.groups,
      members: needs.members,
      feedToken: (userId) => needs.accounts.authenticationToken(userId),
      canCreateMeetings: (networkId) => needs.meetingRooms.canCreateMeetings(networkId),
    }),
  routes: (calendars) => [calendarRoutes({ calendars })],
  processors: (calendars) => calendarProcessors(calendars),
  async demo(demo: DemoNetwork): Promise<void> {
    demo.calendars = await seedDemoCalendars(demo.services, demo);
  },
});
