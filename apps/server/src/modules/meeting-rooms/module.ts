import { defineModule } from '../../platform/loader/index.ts';
import { meetingRoomRoutes } from './routes.ts';
import { createMeetingRoomsService } from './service.ts';

/** Online meeting rooms: their administration and bookings (the picker route is the appointments module's). */
export const meetingRoomsModule = defineModule({
  name: 'meetingRooms',
  needs: [],
  create: (platform) =>
    createMeetingRoomsService({
      db: platform.db,
      events: platform.events,
      meetingUrlTemplate: platform.config.meetingUrlTemplate,
    }),
  routes: (meetingRooms) => [meetingRoomRoutes({ meetingRooms })],
});
