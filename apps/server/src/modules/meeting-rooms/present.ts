import type { MeetingRoom, MeetingRoomAdmin } from '@agora/contracts';
import { abilities, pick, type Actor } from '../../platform/policy/index.ts';
import { meetingRoomPolicy } from './policy.ts';
import type { MeetingRoomRow } from './repository.ts';

export function presentMeetingRoom(row: MeetingRoomRow, occupied: boolean): MeetingRoom {
  return { id: row.id, name: row.name, occupied };
}

export function presentMeetingRoomAdmin(actor: Actor, row: MeetingRoomRow, upcomingBookings: number): MeetingRoomAdmin {
  return {
    id: row.id,
    name: row.name,
    upcoming_bookings: upcomingBookings,
    created_at: row.createdAt.toISOString(),
    can: pick(abilities(meetingRoomPolicy, actor, row), ['update', 'destroy']),
  };
}
