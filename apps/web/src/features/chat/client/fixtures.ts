import type { Chat, ChatMessage } from '@agora/contracts';

/** Test data of the chat: ids, a chat and messages with sensible defaults. */
export const ME = 'a'.repeat(24);
export const PARTNER = 'b'.repeat(24);
export const DIRECT = `member/${ME}:${PARTNER}`;

export function testChat(overrides: Partial<Chat> = {}): Chat {
  return {
    id: DIRECT,
    kind: 'member',
    name: 'Berta Berg',
    image_id: null,
    partner: { id: PARTNER, name: 'Berta Berg', image_id: null, is_external: false },
    group: null,
    last_message: null,
    last_interacted_at: '2026-11-20T09:00:00.000Z',
    revision: 0,
    can: { write: true, update_messages: true, destroy_messages: true },
    state: { muted_until: null, app_muted_until: null, last_read_id: null, last_read_seq: 0, unread_count: 0 },
    partner_state: { last_received_id: null, last_received_seq: 0, last_read_id: null, last_read_seq: 0 },
    status: { type: 'offline', text: '' },
    ...overrides,
  };
}

export function testMessage(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  const from = overrides.from ?? { id: PARTNER, name: 'Berta Berg', image_id: null };
  return {
    id: seq.toString(16).padStart(24, 'c'),
    chat_id: DIRECT,
    seq,
    revision: seq,
    text: `Nachricht ${seq}`,
    from,
    created_at: new Date(Date.UTC(2026, 10, 20, 10, seq)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 10, 20, 10, seq)).toISOString(),
    deleted_at: null,
    quoted_message: null,
    files: [],
    images: [],
    group_name: null,
    client_reference: null,
    ...overrides,
  };
}
