import { definePolicy, type Actor } from '../../platform/policy/index.ts';

/** A meeting room: members of its network book it; network administrators keep the list. */
export type MeetingRoomSubject = { networkId: string };

export const meetingRoomPolicy = definePolicy<Actor, MeetingRoomSubject, 'read' | 'update' | 'destroy'>({
  read: (actor, room) => actor.networkId === room.networkId,
  update: (actor, _room, can) => !!can.read && actor.isNetworkAdmin,
  destroy: (_actor, _room, can) => !!can.update,
});

/** Creating rooms is the network's to allow: its administrators. */
export const networkMeetingRoomsPolicy = definePolicy<Actor, null, 'create_meeting_rooms'>({
  create_meeting_rooms: (actor) => actor.isNetworkAdmin,
});
