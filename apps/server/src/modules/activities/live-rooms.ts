import type { Processor } from '../../platform/events/index.ts';
import type { Realtime, RealtimeSocket } from '../../platform/realtime/index.ts';
import { GROUP_MEMBERSHIP_EVENTS, type GroupsService } from '../groups/index.ts';

/**
 * The room of a group's stream. Not the group's chat room (`group:{id}`), which only members of
 * chat-enabled groups join: every member of a group hears of its posts.
 */
export const groupStreamRoom = (groupId: string) => `activitystream:${groupId}`;
export const networkStreamRoom = (networkId: string) => `network:${networkId}`;

/** The rooms of where an activity went: the network's for network streams, each group's. */
export function activityRooms(networkId: string, network: boolean, groupIds: string[]): string[] {
  return [...(network ? [networkStreamRoom(networkId)] : []), ...groupIds.map(groupStreamRoom)];
}

type LiveRoomDeps = {
  realtime: Pick<Realtime, 'onConnection' | 'joinMember' | 'leaveMember'>;
  groups: Pick<GroupsService, 'contentGroups'>;
};

/**
 * Each connection joins the stream rooms of the groups its member belongs to (one query).
 * Readers of an open group they are not in see its new posts when their page loads again.
 */
export function joinStreamRoomsOnConnection(deps: LiveRoomDeps): void {
  deps.realtime.onConnection(async (socket: RealtimeSocket) => {
    const groups = await deps.groups.contentGroups(socket.data.actor);
    const names = groups.filter((group) => group.role !== null).map((group) => groupStreamRoom(group.id));
    if (names.length > 0) await socket.join(names);
  });
}

/** Keeps open connections in step with the member's groups: joining hears, leaving stops. */
export function streamRoomsProcessor(deps: LiveRoomDeps): Processor {
  return {
    name: 'activities.stream-rooms',
    types: [GROUP_MEMBERSHIP_EVENTS.joined, GROUP_MEMBERSHIP_EVENTS.left],
    async handle(event) {
      const membershipId = (event.changes as { membership_id?: string }).membership_id;
      if (!membershipId) return;
      const room = [groupStreamRoom(event.subject.id)];
      if (event.type === GROUP_MEMBERSHIP_EVENTS.left) deps.realtime.leaveMember(membershipId, room);
      else deps.realtime.joinMember(membershipId, room);
    },
  };
}
