export { meetingRoomRoutes } from './routes.ts';
export {
  createMeetingRoomsService,
  type MeetingRoomDestroyedListener,
  type MeetingRoomsDeps,
  type MeetingRoomsService,
  type RoomHolding,
} from './service.ts';
export type { BookingPeriod, MeetingRoomRow } from './repository.ts';
