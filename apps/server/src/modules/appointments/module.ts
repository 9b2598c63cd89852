import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoParticipation } from '../../seed/demo-participation.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { CalendarsService } from '../calendars/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { InvitesService } from '../invites/index.ts';
import { meetingRoomPickerRoutes, type MeetingRoomsService } from '../meeting-rooms/index.ts';
import type { MembersService } from '../members/index.ts';
import type { MembershipRolesService } from '../membership-roles/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { appointmentCategoryRoutes } from './category-routes.ts';
import { appointmentFeedRoutes } from './feed-routes.ts';
import { APPOINTMENT_OWNER } from './files.ts';
import { startMeetingRoutes } from './meeting-routes.ts';
import { organiserRoutes } from './organiser/routes.ts';
import { participationRoutes } from './participation/routes.ts';
import { appointmentRoutes } from './routes.ts';
import { createAppointmentSearchRepository } from './search-repository.ts';
import { appointmentSearchSource } from './search-source.ts';
import { createAppointmentsService } from './service.ts';

type Needs = {
  calendars: CalendarsService;
  members: MembersService;
  networks: NetworksService;
  groups: GroupsService;
  membershipRoles: MembershipRolesService;
  notifications: NotificationsService;
  accounts: AccountsService;
  memberSettings: MemberSettingsService;
  meetingRooms: MeetingRoomsService;
  invites: InvitesService;
};

/** Appointments and series, participation and invites, organiser actions, feeds and room bookings. */
export const appointmentsModule = defineModule({
  name: 'appointments',
  needs: [
    'calendars',
    'members',
    'networks',
    'groups',
    'membershipRoles',
    'notifications',
    'accounts',
    'memberSettings',
    'meetingRooms',
    'invites',
  ],
  create: (platform, needs: Needs) =>
    createAppointmentsService({
      ...needs,
      db: platform.db,
      events: platform.events,
      storage: platform.storage,
      mailer: platform.mailer,
      jobs: platform.jobs,
      realtime: platform.realtime,
      publicUrl: platform.config.publicUrl,
    }),
  routes: (appointments, { accounts, meetingRooms }) => [
    appointmentRoutes({ appointments }),
    appointmentCategoryRoutes({ saveCategories: appointments.saveCategories }),
    participationRoutes({ appointments }),
    organiserRoutes({ appointments }),
    startMeetingRoutes({ appointments }),
    appointmentFeedRoutes({ appointments, accounts }),
    // The appointment form's room picker: the edited appointment's own bookings do not count.
    meetingRoomPickerRoutes({
      meetingRooms,
      bookingHolders: (actor, appointmentId) => appointments.roomBookings.holders(actor, appointmentId),
    }),
  ],
  processors: (appointments) => appointments.processors,
  storageOwners: (appointments) => ({ [APPOINTMENT_OWNER]: appointments.storageOwner }),
  unreadCounters: (appointments) => ({ Calendars: appointments.calendarUnreads }),
  searchSources: (_appointments, { calendars }, platform) => [
    appointmentSearchSource({ repository: createAppointmentSearchRepository(platform.db), calendars }),
  ],
  demo: async (demo: DemoNetwork): Promise<void> =>
    void (await seedDemoParticipation(demo.services, { ...demo, roles: demo.roles ?? [], calendars: demo.calendars! })),
});
