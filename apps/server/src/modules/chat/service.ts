import {
  CHAT_EVENTS,
  CHAT_LIMITS,
  directChatId,
  groupChatId,
  NETWORK_CHAT_ID,
  type Chat,
  type ChatDetailsAnswer,
  type ChatMessage,
  type createChatSchema,
  type MoreMessagesAnswer,
  type MyChatsAnswer,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { rooms, type Realtime } from '../../platform/realtime/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { createChatAccess, networkChatRoom, type ChatContext } from './access.ts';
import { createChatsView, type StatusOf } from './chats-view.ts';
import { createEditMessage } from './edit.ts';
import { chatErrors, type ChatError } from './errors.ts';
import { createChatFiles } from './files.ts';
import { registerChatGateway, type GatewayLog } from './gateway.ts';
import { createMarkers } from './markers.ts';
import { createMessagesView } from './messages-view.ts';
import { writeRefusal } from './policy.ts';
import { presenceRooms } from './presence-online.ts';
import { createChatRepository } from './repository.ts';
import { createSendMessage, type Push } from './send.ts';

export type ChatDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  members: MembersService;
  groups: GroupsService;
  networks: NetworksService;
  /** Whom a reader ignores (their messages come marked), and who may not start a direct chat with whom. */
  ignoredMembers: Pick<IgnoredMembersService, 'ignoredBy' | 'ignores'>;
  storage: Storage;
  realtime: Pick<Realtime, 'toRooms' | 'toRoomsExcept' | 'joinMember' | 'onConnection' | 'setEventCost'>;
  /** The partners' presence in direct chats (the presence module); without it chats show none. */
  statusOf?: StatusOf;
  /** Where unexpected failures of events go (the app log). */
  log?: GatewayLog;
  /** The per-process cache of who may write in which chat (see access.ts `loadForWrite`). */
  cache?: Pick<Cache, 'region'>;
};

export type CreateChatInput = z.output<typeof createChatSchema>;

/** Changed messages a catch-up answers at most; beyond, the client loads the chat afresh. */
export const CATCH_UP_LIMIT = 200;

export type ChatService = ReturnType<typeof createChatService>;

/**
 * The chat: chats of three kinds, their messages, each member's markers, and the events that
 * carry them over the socket (the gateway). Everything is stored before it is broadcast, and a
 * client that reconnects catches up from the database.
 */
export function createChatService(deps: ChatDeps) {
  const repository = createChatRepository(deps.db);
  const access = createChatAccess({
    repository,
    networks: deps.networks,
    members: deps.members,
    groups: deps.groups,
    ...(deps.cache ? { cache: deps.cache } : {}),
  });
  const files = createChatFiles({ storage: deps.storage, groups: deps.groups, repository, access });
  const presentMessages = createMessagesView({ repository, members: deps.members, files });
  const chatsView = createChatsView({
    repository,
    access,
    members: deps.members,
    groups: deps.groups,
    statusOf: deps.statusOf,
  });

  const push: Push = (roomNames, event, payload, origin) => {
    if (origin) deps.realtime.toRoomsExcept(roomNames, origin, event, payload);
    else deps.realtime.toRooms(roomNames, event, payload);
  };

  /** A new direct chat: each member hears of it as they see it. Answers the actor's view. */
  async function announceDirectChat(context: ChatContext): Promise<Chat> {
    const partner = context.partner!;
    const partnerActor = deps.members.actorFor(partner, '', null);
    const [own, theirs] = await Promise.all([
      chatsView.chatFor(context),
      access.load(partnerActor, context.key).then((seen) => chatsView.chatFor({ ...seen, row: context.row })),
    ]);
    push([rooms.member(context.actor.membershipId)], CHAT_EVENTS.createChat, own);
    push([rooms.member(partner.id)], CHAT_EVENTS.createChat, theirs);
    // Each now shows the other's presence: their connections hear of it from here on.
    deps.realtime.joinMember(context.actor.membershipId, [presenceRooms.partner(partner.id)]);
    deps.realtime.joinMember(partner.id, [presenceRooms.partner(context.actor.membershipId)]);
    return own;
  }

  /** A new direct chat with a member who ignores the actor is refused; existing chats go on. */
  async function startRefusal(context: ChatContext): Promise<ChatError | null> {
    if (context.row || context.kind !== 'member' || !context.partner) return null;
    const ignored = await deps.ignoredMembers.ignores(context.partner.id, context.actor.membershipId);
    return ignored ? chatErrors.ignoredByRecipient() : null;
  }

  /** Messages as the reader sees them: those of members they ignore marked (one cached set). */
  async function markIgnored(actor: Actor, messages: ChatMessage[]): Promise<ChatMessage[]> {
    if (messages.length === 0) return messages;
    const ignored = await deps.ignoredMembers.ignoredBy(actor.membershipId);
    return messages.map((m) => ({ ...m, ignored: ignored.has(m.from.id) }));
  }

  const sendMessage = createSendMessage({
    db: deps.db,
    events: deps.events,
    repository,
    access,
    files,
    presentMessages,
    push,
    announceDirectChat,
    startRefusal,
  });
  const edits = createEditMessage({
    db: deps.db,
    events: deps.events,
    repository,
    access,
    files,
    presentMessages,
    push,
  });
  const markers = createMarkers({ db: deps.db, repository, access, members: deps.members, push });

  function keyOf(actor: Actor, input: CreateChatInput): string {
    if (input.type === 'member') {
      if (input.id === actor.membershipId) throw chatErrors.invalid({ id: ['invalid'] });
      return directChatId(actor.membershipId, input.id);
    }
    return input.type === 'group' ? groupChatId(input.id) : NETWORK_CHAT_ID;
  }

  const service = {
    sendMessage,
    updateMessage: edits.updateMessage,
    deleteMessage: edits.deleteMessage,
    markAsRead: markers.markAsRead,
    markAsReceived: markers.markAsReceived,
    muteChat: markers.muteChat,
    unmuteChat: markers.unmuteChat,
    composing: markers.composing,

    /**
     * `create_chat`: opens a chat, making its row when missing. A new direct chat needs the
     * right to write in it (an external member cannot start one) and is announced to both
     * members; a group's chat makes the member's connections join the group's room.
     */
    async createChat(actor: Actor, input: CreateChatInput): Promise<Chat> {
      const context = await access.load(actor, keyOf(actor, input));
      if (!context.row && context.kind === 'member') {
        const refused = writeRefusal(context.can) ?? (await startRefusal(context));
        if (refused) throw refused;
      }
      const { row, created } = await deps.db.transaction((tx) => access.ensureRow(tx, context));
      if (context.kind === 'group') deps.realtime.joinMember(actor.membershipId, [rooms.group(context.group!.id)]);
      const opened = { ...context, row };
      return created && context.kind === 'member' ? announceDirectChat(opened) : chatsView.chatFor(opened);
    },

    /** `my_chats`: see the chats view. */
    async myChats(actor: Actor, input: { before?: string | undefined; limit: number }): Promise<MyChatsAnswer> {
      return chatsView.myChats(actor, input);
    },

    /**
     * `chat_details`: the chat with its newest page of messages, or (catch-up) with every
     * message changed after `since_revision`. The chat is read before the messages: its
     * revision never claims a change the answer lacks.
     */
    async chatDetails(
      actor: Actor,
      input: { chat_id: string; since_revision?: number | undefined },
    ): Promise<ChatDetailsAnswer> {
      const context = await access.load(actor, input.chat_id, undefined, true);
      const chat = await chatsView.chatFor(context);
      if (!context.row) return { chat, messages: [], complete: true };
      if (input.since_revision === undefined) {
        const rows = await repository.page(context.row.id, null, CHAT_LIMITS.pageSize);
        const messages = await presentMessages(context, context.row.id, rows);
        return { chat, messages: await markIgnored(actor, messages), complete: true };
      }
      const changed = await repository.changedSince(context.row.id, input.since_revision, CATCH_UP_LIMIT + 1);
      const rows = changed.slice(0, CATCH_UP_LIMIT).sort((a, b) => a.seq - b.seq);
      return {
        chat,
        messages: await markIgnored(actor, await presentMessages(context, context.row.id, rows)),
        complete: changed.length <= CATCH_UP_LIMIT,
      };
    },

    /** `more_messages`: the page of messages before one, oldest first; empty at the start. */
    async moreMessages(actor: Actor, input: { chat_id: string; before_id: string }): Promise<MoreMessagesAnswer> {
      const context = await access.loadExisting(actor, input.chat_id);
      const before = await repository.findMessage(context.row.id, input.before_id);
      if (!before) throw chatErrors.notFound();
      const rows = await repository.page(context.row.id, before.seq, CHAT_LIMITS.pageSize);
      return { messages: await markIgnored(actor, await presentMessages(context, context.row.id, rows)) };
    },

    /** Whether the actor may chat at all (members policy `chat`; guests where the network lets them). */
    canChat: (actor: Actor): Promise<boolean> => access.canChat(actor),

    /** Every chat of the actor (direct, groups', the network's). */
    chatsOf: chatsView.chatsOf,

    /** One chat as the actor's list shows it; refused as `create_chat` refuses it. */
    chatFor: async (actor: Actor, key: string): Promise<Chat> =>
      chatsView.chatFor(await access.load(actor, key, undefined, true)),

    /**
     * The chat rooms a connection of the actor joins: the network chat's and those of the
     * chat-enabled groups they belong to; none when they may not chat.
     */
    async roomsOf(actor: Actor): Promise<string[]> {
      if (!(await access.canChat(actor))) return [];
      const memberOf = await deps.groups.chatGroupsOf(actor.networkId, actor.membershipId);
      return [networkChatRoom(actor.networkId), ...memberOf.map(({ group }) => rooms.group(group.id))];
    },

    /** `POST /api/v1/file_token` with `chat_message_id`: the message's files, if the actor reads its chat. */
    messageFileIds: files.fileIdsOfMessage,
    /** Who reads a message's files (the storage owner `chat_message`). */
    storageOwner: files.ownerPolicy,
  };

  registerChatGateway(deps.realtime, service, deps.log);
  return service;
}
