import { CHAT_EVENTS, groupChatId } from '@agora/contracts';
import type { Processor } from '../../platform/events/index.ts';
import { rooms, type Realtime } from '../../platform/realtime/index.ts';
import type { MembersService } from '../members/index.ts';
import type { ChatService } from './service.ts';

/** The membership events of the groups module (their `changes` carry `membership_id`). */
const GROUP_JOINED = 'group.joined';
const GROUP_LEFT = 'group.left';

/**
 * Keeps a member's open connections in step with their groups: a new member's connections
 * join the group's room and get its chat in their list at once; one who left stops hearing it.
 */
export function groupRoomsProcessor(deps: {
  chat: Pick<ChatService, 'chatFor' | 'canChat'>;
  members: Pick<MembersService, 'find' | 'actorFor'>;
  realtime: Pick<Realtime, 'joinMember' | 'leaveMember' | 'toMember'>;
}): Processor {
  return {
    name: 'chat.group-rooms',
    types: [GROUP_JOINED, GROUP_LEFT],
    async handle(event) {
      const membershipId = (event.changes as { membership_id?: string }).membership_id;
      if (!membershipId) return;
      const room = rooms.group(event.subject.id);
      if (event.type === GROUP_LEFT) return deps.realtime.leaveMember(membershipId, [room]);
      const member = await deps.members.find(event.networkId, membershipId);
      if (!member) return;
      const actor = deps.members.actorFor(member, '', null);
      if (!(await deps.chat.canChat(actor))) return;
      // A group without chat has none to show; the chat says so by refusing to load it.
      const chat = await deps.chat.chatFor(actor, groupChatId(event.subject.id)).catch(() => null);
      if (!chat) return;
      deps.realtime.joinMember(membershipId, [room]);
      deps.realtime.toMember(membershipId, CHAT_EVENTS.createChat, chat);
    },
  };
}
