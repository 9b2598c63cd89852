import type { Chat, ChatMessage, DeliveryStatus } from '@agora/contracts';

/** A message as the client holds it: `pending` until the server answered the send. */
export type StoredChatMessage = ChatMessage & { pending?: boolean; failed?: string };

/**
 * Delivery status (spec 4). Own messages: pushed until stored, then persisted; in direct chats
 * received and read follow the partner's markers. Others' messages: read up to my own read
 * marker, else received (they reached this client). Markers compare by position in the chat.
 */
export function deliveryStatus(
  message: StoredChatMessage,
  chat: Pick<Chat, 'kind' | 'state' | 'partner_state'> | undefined,
  myMemberId: string | null,
): DeliveryStatus {
  if (message.pending) return 'pushed';
  if (message.from.id === myMemberId) {
    const partner = chat?.kind === 'member' ? chat.partner_state : null;
    if (!partner) return 'persisted';
    if (partner.last_read_seq >= message.seq) return 'read';
    if (partner.last_received_seq >= message.seq) return 'received';
    return 'persisted';
  }
  return chat && chat.state.last_read_seq >= message.seq ? 'read' : 'received';
}
