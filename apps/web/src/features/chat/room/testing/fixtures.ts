import type { Chat, ChatAttachment, ChatMessage, ChatNetworkInfo, ChatProfile, DeliveryStatus } from '@agora/contracts';
import { testChat, testMessage } from '../../client/fixtures.ts';
import type { ClientChatMessage } from '../../client/store.ts';

export const ME = 'a'.repeat(24);
export const ANNA = 'b'.repeat(24);
export const BERT = 'c'.repeat(24);
export const DIRECT_ID = `member/${ME}:${ANNA}`;
export const GROUP_ID = `group/${'d'.repeat(24)}`;

export const members = {
  me: { id: ME, name: 'Max Muster', image_id: null },
  anna: { id: ANNA, name: 'Anna Adler', image_id: null },
  bert: { id: BERT, name: 'Bert Bauer', image_id: null },
};

export function hexId(n: number): string {
  return n.toString(16).padStart(24, '0');
}

export function directChat(overrides: Partial<Chat> = {}): Chat {
  return testChat({
    id: DIRECT_ID,
    name: 'Anna Adler',
    partner: { ...members.anna, is_external: false },
    last_interacted_at: null,
    revision: 100,
    status: { type: 'online', text: '' },
    ...overrides,
  });
}

export function groupChat(overrides: Partial<Chat> = {}): Chat {
  return directChat({
    id: GROUP_ID,
    kind: 'group',
    name: 'Projektteam',
    partner: null,
    group: { id: 'd'.repeat(24), slug: 'projektteam', name: 'Projektteam' },
    partner_state: null,
    status: null,
    ...overrides,
  });
}

export function attachment(n: number, overrides: Partial<ChatAttachment> = {}): ChatAttachment {
  return {
    id: hexId(1000 + n),
    name: `Datei ${n}.pdf`,
    extension: 'pdf',
    size: 2048,
    type: 'application/pdf',
    token: `token-${n}`,
    ...overrides,
  };
}

/** Message n of a chat, written n minutes after 09:00 on 20.11.2026 (seq n). */
export function message(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  const created = new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString();
  return testMessage(n, { id: hexId(n), from: members.anna, created_at: created, updated_at: created, ...overrides });
}

export function clientMessage(
  n: number,
  overrides: Partial<ChatMessage> = {},
  delivery: DeliveryStatus = 'persisted',
): ClientChatMessage {
  return { ...message(n, overrides), delivery };
}

export const networkInfo: ChatNetworkInfo = {
  id: 'e'.repeat(24),
  name: 'Agora',
  show_online_status: true,
  chat_message_allow_update: true,
  chat_message_allow_destroy: true,
  chat_message_update_period_minutes: 15,
  max_file_attachments: 10,
  max_image_attachments: 10,
  online: [],
};

export const profile: ChatProfile = {
  ...members.me,
  is_external: false,
  status: { type: 'online', text: '' },
  can: { chat: true, start_private_chats: true },
};
