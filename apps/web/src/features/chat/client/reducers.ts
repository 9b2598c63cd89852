import {
  CHAT_LIMITS,
  type Chat,
  type ChatLastMessage,
  type ChatMessage,
  type ChatPushes,
  type ChatState,
} from '@agora/contracts';
import type { StoredChatMessage } from './delivery.ts';

/**
 * Pure updates of the cached chats by answers and pushes. A message carries the chat's change
 * counter (revision) at its change: a chat that already counts it ignores it, so the same change
 * arriving twice (answer and push, or two tabs) never counts twice.
 */

/** What the cache holds per open chat: the chat, its loaded messages oldest first, and whether older exist. */
export type ChatRoomData = { chat: Chat; messages: StoredChatMessage[]; hasMore: boolean };

export type MessageChange = 'message' | 'update_message' | 'delete_message';

/** Persisted messages by position, then those still being sent in the order they were written. */
function position(message: StoredChatMessage): number {
  return message.pending ? Number.POSITIVE_INFINITY : message.seq;
}

export function sortMessages(messages: StoredChatMessage[]): StoredChatMessage[] {
  return [...messages].sort((a, b) => position(a) - position(b));
}

export function toLastMessage(message: ChatMessage): ChatLastMessage {
  return {
    id: message.id,
    from: message.from,
    text: message.text,
    deleted_at: message.deleted_at,
    files: message.files.length,
    images: message.images.length,
    created_at: message.created_at,
  };
}

function unreadFor(message: ChatMessage, chat: Chat, me: string | null): boolean {
  return message.from.id !== me && message.seq > chat.state.last_read_seq;
}

/** The chat after a message was sent, edited or deleted. */
export function applyMessageToChat(chat: Chat, message: ChatMessage, change: MessageChange, me: string | null): Chat {
  if (message.chat_id !== chat.id || message.revision <= chat.revision) return chat;
  const next: Chat = { ...chat, revision: message.revision };
  if (change === 'message') {
    next.last_message = toLastMessage(message);
    next.last_interacted_at = message.created_at;
    if (unreadFor(message, chat, me))
      next.state = { ...chat.state, unread_count: Math.min(chat.state.unread_count + 1, CHAT_LIMITS.unreadCountCap) };
    return next;
  }
  if (chat.last_message?.id === message.id) next.last_message = toLastMessage(message);
  // Unread counts leave deleted messages out (they are derived on the server the same way).
  if (change === 'delete_message' && unreadFor(message, chat, me) && chat.state.unread_count > 0)
    next.state = { ...chat.state, unread_count: chat.state.unread_count - 1 };
  return next;
}

/**
 * Adds or replaces a message in a loaded chat: a stored message replaces its pending copy (same
 * client reference), a newer version replaces an older one, and one older than what is loaded
 * waits for "load older" (it would leave a gap otherwise).
 */
export function upsertMessage(room: ChatRoomData, message: ChatMessage, me: string | null): ChatRoomData {
  if (message.chat_id !== room.chat.id) return room;
  const index = room.messages.findIndex(
    (m) =>
      m.id === message.id ||
      (m.pending &&
        !!message.client_reference &&
        m.client_reference === message.client_reference &&
        message.from.id === me),
  );
  if (index >= 0) {
    const existing = room.messages[index]!;
    if (!existing.pending && existing.revision > message.revision) return room;
    const messages = room.messages.filter((m, i) => i === index || m.id !== message.id);
    messages[messages.indexOf(existing)] = message;
    return { ...room, messages: sortMessages(messages) };
  }
  const oldest = room.messages.find((m) => !m.pending);
  if (room.hasMore && oldest && message.seq < oldest.seq) return room;
  return { ...room, messages: sortMessages([...room.messages, message]) };
}

/** Catch-up: the changed messages merged into what is loaded (new ones appended, changed replaced). */
export function mergeMessages(room: ChatRoomData, messages: ChatMessage[], me: string | null): ChatRoomData {
  return messages.reduce((current, message) => upsertMessage(current, message, me), room);
}

/** A read marker: mine resets my unread count (spec 4), the partner's gives the read ticks. */
export function applyReadMarker(chat: Chat, push: ChatPushes['mark_as_read'], me: string | null): Chat {
  if (push.chat_id !== chat.id) return chat;
  if (push.member_id === me) {
    if (push.seq < chat.state.last_read_seq) return chat;
    return {
      ...chat,
      state: { ...chat.state, last_read_id: push.message_id, last_read_seq: push.seq, unread_count: 0 },
    };
  }
  const partner = chat.partner_state;
  if (!partner || push.seq <= partner.last_read_seq) return chat;
  const received =
    push.seq > partner.last_received_seq ? { last_received_id: push.message_id, last_received_seq: push.seq } : {};
  return {
    ...chat,
    partner_state: { ...partner, ...received, last_read_id: push.message_id, last_read_seq: push.seq },
  };
}

/** The partner's client got a message: the received ticks. */
export function applyReceivedMarker(chat: Chat, push: ChatPushes['mark_as_received'], me: string | null): Chat {
  if (push.chat_id !== chat.id || push.member_id === me) return chat;
  const partner = chat.partner_state;
  if (!partner || push.seq <= partner.last_received_seq) return chat;
  return {
    ...chat,
    partner_state: { ...partner, last_received_id: push.message_id, last_received_seq: push.seq },
  };
}

export function applyChatState(chat: Chat, chatId: string, state: ChatState): Chat {
  return chat.id === chatId ? { ...chat, state } : chat;
}

/** A member's presence changed: the direct chat with them shows it. */
export function applyPresence(chat: Chat, push: ChatPushes['set_status']): Chat {
  if (chat.partner?.id !== push.member_id) return chat;
  return { ...chat, status: { type: push.type, text: push.text } };
}

/** Most recently used first; chats never used last (spec: ordered by last interaction). */
export function sortChats(chats: Chat[]): Chat[] {
  const time = (chat: Chat) => (chat.last_interacted_at ? Date.parse(chat.last_interacted_at) : 0);
  return [...chats].sort((a, b) => time(b) - time(a));
}

/** Replaces or adds a chat in the list (an answer or a pushed new chat). */
export function upsertChat(chats: Chat[], chat: Chat): Chat[] {
  const index = chats.findIndex((c) => c.id === chat.id);
  if (index < 0) return sortChats([...chats, chat]);
  const next = [...chats];
  next[index] = chat;
  return sortChats(next);
}

/** Whether the chat counts as muted now (muted_until in the future; spec 4). */
export function isMuted(chat: Pick<Chat, 'state'>, now: Date = new Date()): boolean {
  const until = chat.state.muted_until;
  return !!until && Date.parse(until) > now.getTime();
}

/** The tab and header badges count chats with unread messages, not messages. */
export function chatsWithUnread(chats: Chat[] | undefined): number {
  return chats?.filter((chat) => chat.state.unread_count > 0).length ?? 0;
}
