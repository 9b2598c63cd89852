export { meetingRoomPickerRoutes, meetingRoomRoutes } from './routes.ts';
export { meetingRoomsModule } from './module.ts';
export {
  createMeetingRoomsService,
  MEETING_ROOM_DESTROYED,
  MEETING_ROOM_RENAMED,
  type BookingHolders,
  type MeetingRoomsDeps,
  type MeetingRoomsService,
  type RoomHolding,
} from './service.ts';
export type { BookingPeriod, MeetingRoomRow } from './repository.ts';
