import { CHAT_LIMITS, emojiOnlyCount, type Chat, type ChatMessage, type ChatNetworkInfo } from '@agora/contracts';

/** Edited: changed more than a second after it was written (spec 4: "more than one unit of time"). */
export function isEdited(message: Pick<ChatMessage, 'created_at' | 'updated_at' | 'deleted_at'>): boolean {
  if (message.deleted_at) return false;
  return Date.parse(message.updated_at) - Date.parse(message.created_at) > 1000;
}

/** Own emoji-only messages of up to three emoji are shown large (spec 4). */
export function isLargeEmoji(message: Pick<ChatMessage, 'text' | 'deleted_at'>, own: boolean): boolean {
  if (!own || message.deleted_at) return false;
  const count = emojiOnlyCount(message.text);
  return count > 0 && count <= CHAT_LIMITS.emojiOnlyLarge;
}

export type MessageChange = 'update' | 'destroy';

/**
 * Whether the member is offered editing or deleting a message: own, stored, not deleted, and
 * allowed by the chat and the network (spec 5). The update period is checked when the action is
 * chosen (periodEnded), so that the member learns why it no longer works.
 */
export function mayChange(
  change: MessageChange,
  message: Pick<ChatMessage, 'from' | 'deleted_at'> & { delivery?: string; failed?: string },
  chat: Pick<Chat, 'can'>,
  info: Pick<ChatNetworkInfo, 'chat_message_allow_update' | 'chat_message_allow_destroy'> | undefined,
  myId: string | undefined,
): boolean {
  if (!myId || message.from.id !== myId || message.deleted_at) return false;
  if (message.delivery === 'pushed' || message.failed) return false;
  if (change === 'update') return chat.can.update_messages && (info?.chat_message_allow_update ?? false);
  return chat.can.destroy_messages && (info?.chat_message_allow_destroy ?? false);
}

/** The update period (network setting, minutes) is over for a message written at created_at. */
export function periodEnded(createdAt: string, minutes: number, now = Date.now()): boolean {
  return now - Date.parse(createdAt) > minutes * 60_000;
}
