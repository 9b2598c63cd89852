import {
  CHAT_EVENTS,
  type ChatPartnerState,
  type ChatPushes,
  type ChatState,
  type markSchema,
  type muteChatSchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { rooms } from '../../platform/realtime/index.ts';
import type { MembersService } from '../members/index.ts';
import { chatRooms, type ChatAccess, type ChatContext } from './access.ts';
import { chatErrors } from './errors.ts';
import { presentMemberRef, presentPartnerState, presentState } from './present.ts';
import type { ChatRepository } from './repository.ts';
import type { Push } from './send.ts';

export type MarkInput = z.output<typeof markSchema>;
export type MuteInput = z.output<typeof muteChatSchema>;

export type MarkersDeps = {
  db: Db;
  repository: ChatRepository;
  access: ChatAccess;
  members: MembersService;
  push: Push;
};

/** The partner's member room in a direct chat; nobody else hears of one member's markers. */
function partnerRooms(context: ChatContext): string[] {
  if (context.kind !== 'member') return [];
  return context.memberIds!.filter((id) => id !== context.actor.membershipId).map(rooms.member);
}

/**
 * The member's markers in a chat (read, received), its muting, and the composing indicator.
 * Markers only move forward, so a late or repeated event changes nothing.
 */
export function createMarkers(deps: MarkersDeps) {
  const { repository } = deps;

  async function loadMessage(actor: Actor, input: MarkInput) {
    const context = await deps.access.loadExisting(actor, input.chat_id);
    const message = await repository.findMessage(context.row.id, input.message_id);
    if (!message) throw chatErrors.notFound();
    return { context, message };
  }

  const stateKey = (actor: Actor, chatId: string) => ({
    chatId,
    membershipId: actor.membershipId,
    networkId: actor.networkId,
  });

  async function stateOf(actor: Actor, chatId: string): Promise<ChatState> {
    const { state, unread } = await repository.stateOf(chatId, actor.membershipId);
    return presentState(state, unread);
  }

  async function setMuted(
    actor: Actor,
    chatKey: string,
    value: Date | null,
    app: boolean,
    event: typeof CHAT_EVENTS.muteChat | typeof CHAT_EVENTS.unmuteChat,
    origin: string | undefined,
  ): Promise<ChatState> {
    const context = await deps.access.load(actor, chatKey);
    // Muting a group's chat before anyone wrote in it: the state needs the chat's row.
    const { row } = await deps.db.transaction((tx) => deps.access.ensureRow(tx, context));
    await repository.setMuted(stateKey(actor, row.id), app ? { appMutedUntil: value } : { mutedUntil: value });
    const state = await stateOf(actor, row.id);
    const pushed: ChatPushes['mute_chat'] = { chat_id: context.key, state };
    deps.push([rooms.member(actor.membershipId)], event, pushed, origin);
    return state;
  }

  return {
    /**
     * `mark_as_read`: the member has read up to a message. Their other tabs hear of it (their
     * unread count is 0 there too), and in a direct chat the partner (read ticks).
     */
    async markAsRead(actor: Actor, input: MarkInput, origin?: string): Promise<ChatState> {
      const { context, message } = await loadMessage(actor, input);
      const marked = await repository.markRead(deps.db, stateKey(actor, context.row.id), message.seq, message.id);
      // Read already (the chat opened again): the other tabs and the partner know it.
      if (marked) {
        const pushed: ChatPushes['mark_as_read'] = {
          chat_id: context.key,
          member_id: actor.membershipId,
          message_id: marked.lastReadId!,
          seq: marked.lastReadSeq,
        };
        deps.push([rooms.member(actor.membershipId)], CHAT_EVENTS.markAsRead, pushed, origin);
        const partners = partnerRooms(context);
        if (partners.length > 0) deps.push(partners, CHAT_EVENTS.markAsRead, pushed);
      }
      return stateOf(actor, context.row.id);
    },

    /**
     * `mark_as_received`: a message reached one of the member's devices. Kept and told to the
     * partner in direct chats only (delivery ticks); in group and network chats nobody sees it,
     * so nothing is written per member and message. Answers the member's markers as the partner
     * sees them, or null.
     */
    async markAsReceived(actor: Actor, input: MarkInput): Promise<ChatPartnerState | null> {
      const { context, message } = await loadMessage(actor, input);
      if (context.kind !== 'member') return null;
      const marked = await repository.markReceived(stateKey(actor, context.row.id), message.seq, message.id);
      const pushed: ChatPushes['mark_as_received'] = {
        chat_id: context.key,
        member_id: actor.membershipId,
        message_id: marked.lastReceivedId!,
        seq: marked.lastReceivedSeq,
      };
      deps.push(partnerRooms(context), CHAT_EVENTS.markAsReceived, pushed);
      return presentPartnerState(marked);
    },

    /** `mute_chat`: muted until a time (the browser's notifications, or the app's with `app`). */
    muteChat: (actor: Actor, input: MuteInput, origin?: string) =>
      setMuted(actor, input.chat_id, new Date(input.muted_until), input.app, CHAT_EVENTS.muteChat, origin),

    unmuteChat: (actor: Actor, input: { chat_id: string; app: boolean }, origin?: string) =>
      setMuted(actor, input.chat_id, null, input.app, CHAT_EVENTS.unmuteChat, origin),

    /** `composing`: tells the chat's other connections the member is typing; nothing is stored. */
    async composing(actor: Actor, input: { chat_id: string }, origin?: string): Promise<null> {
      const [context, me] = await Promise.all([
        deps.access.loadWritable(actor, input.chat_id),
        deps.members.findMany(actor.networkId, [actor.membershipId]),
      ]);
      const ref = presentMemberRef(actor.membershipId, new Map(me.map((m) => [m.id, m])));
      const pushed: ChatPushes['composing'] = { chat_id: context.key, member: ref };
      deps.push(chatRooms(context), CHAT_EVENTS.composing, pushed, origin);
      return null;
    },
  };
}
