import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import { lineText } from './text.ts';
import { instantSchema } from './dates.ts';
import { CHAT_LIMITS } from './chat-limits.ts';

/**
 * Real-time chat (communication spec, sections 2-9). Everything after the credentials travels
 * over Socket.IO: the client emits an event with a payload and an acknowledgement callback, the
 * server answers through the callback and pushes the same event names to the rooms concerned.
 */

/** `POST /api/v1/chat_token`: credentials for the socket (`auth: { token }`), valid for `expires_in` s. */
export type ChatToken = { token: string; expires_at: string; expires_in: number };

/** Muted forever (the spec's 9999-12-31). */
export const CHAT_MUTED_FOREVER = '9999-12-31T23:59:59.000Z';

export const CHAT_KINDS = ['member', 'group', 'network'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** `member/{a}:{b}` (membership ids, the smaller first), `group/{id}` or `network`. */
export const CHAT_ID_PATTERN = /^(member\/[0-9a-f]{24}:[0-9a-f]{24}|group\/[0-9a-f]{24}|network)$/;
export const chatIdSchema = z.string().regex(CHAT_ID_PATTERN, 'invalid_id');

export function directChatId(a: string, b: string): string {
  return a < b ? `member/${a}:${b}` : `member/${b}:${a}`;
}
export function groupChatId(groupId: string): string {
  return `group/${groupId}`;
}
export const NETWORK_CHAT_ID = 'network';

export function chatKindOf(chatId: string): ChatKind {
  return chatId.startsWith('member/') ? 'member' : chatId.startsWith('group/') ? 'group' : 'network';
}
/** The two members of a direct chat id. */
export function directChatMembers(chatId: string): [string, string] | null {
  const match = /^member\/([0-9a-f]{24}):([0-9a-f]{24})$/.exec(chatId);
  return match ? [match[1]!, match[2]!] : null;
}

export const PRESENCE_TYPES = ['online', 'busy', 'invisible'] as const;
export type PresenceType = (typeof PRESENCE_TYPES)[number];
/** A member's presence as others see it: invisible members and those without a connection are offline. */
export type ChatStatus = { type: PresenceType | 'offline'; text: string };

export type ChatMemberRef = { id: string; name: string; image_id: string | null };

export type ChatAttachment = {
  id: string;
  name: string;
  extension: string;
  size: number;
  type: string;
  /** Download token of a file (files only). */
  token: string | null;
};

export type QuotedChatMessage = {
  id: string;
  text: string;
  from: ChatMemberRef;
  deleted_at: string | null;
  files: number;
  images: number;
};

/** Delivery status of a message (spec 4): pushed only exists on the client, before the server answered. */
export type DeliveryStatus = 'pushed' | 'persisted' | 'received' | 'read';

export type ChatMessage = {
  id: string;
  chat_id: string;
  /** Position in the chat, strictly rising in the order messages were stored. */
  seq: number;
  /** The chat's change counter at the message's last change (new, edited, deleted); catch-up asks for those above. */
  revision: number;
  text: string;
  from: ChatMemberRef;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  quoted_message: QuotedChatMessage | null;
  files: ChatAttachment[];
  images: ChatAttachment[];
  /** The group's name, for messages of group chats. */
  group_name: string | null;
  client_reference: string | null;
  /**
   * The author is a member the reader ignores: shown collapsed, with a way to show it. Set in the
   * answers of `chat_details` and `more_messages`; pushes go to a whole chat's room and leave it
   * out, so clients also check the author against their own list of ignored members.
   */
  ignored?: boolean;
};

export type ChatState = {
  muted_until: string | null;
  app_muted_until: string | null;
  last_read_id: string | null;
  last_read_seq: number;
  unread_count: number;
};

/** The other member's markers, in direct chats. */
export type ChatPartnerState = {
  last_received_id: string | null;
  last_received_seq: number;
  last_read_id: string | null;
  last_read_seq: number;
};

export type ChatLastMessage = {
  id: string;
  from: ChatMemberRef;
  text: string;
  deleted_at: string | null;
  files: number;
  images: number;
  created_at: string;
};

export type Chat = {
  id: string;
  kind: ChatKind;
  name: string;
  image_id: string | null;
  /** The other member of a direct chat. */
  partner: (ChatMemberRef & { is_external: boolean }) | null;
  group: { id: string; slug: string; name: string } | null;
  last_message: ChatLastMessage | null;
  last_interacted_at: string | null;
  /** The chat's change counter now: what a client that has everything up to here has seen. */
  revision: number;
  can: { write: boolean; update_messages: boolean; destroy_messages: boolean };
  state: ChatState;
  partner_state: ChatPartnerState | null;
  /** The partner's presence, in direct chats. */
  status: ChatStatus | null;
};

/**
 * Whether a member may chat at all: guests (external members) only where the network lets them
 * (`guest_users_allow_chat`). The chat's rules, the chat profile and the network shell's
 * `can.chat` all ask this one rule.
 */
export function mayChat(member: { isExternal: boolean }, settings: { guest_users_allow_chat: boolean }): boolean {
  return !member.isExternal || settings.guest_users_allow_chat;
}

export type ChatProfile = ChatMemberRef & {
  is_external: boolean;
  status: { type: PresenceType; text: string };
  can: { chat: boolean; start_private_chats: boolean };
};

export type PresenceEntry = { member_id: string; type: 'online' | 'busy'; text: string; online_at: string };

export type ChatNetworkInfo = {
  id: string;
  name: string;
  show_online_status: boolean;
  chat_message_allow_update: boolean;
  chat_message_allow_destroy: boolean;
  /** Minutes after sending in which a message may be edited or deleted. */
  chat_message_update_period_minutes: number;
  max_file_attachments: number;
  max_image_attachments: number;
  /** Online members (empty when the network does not show online status). */
  online: PresenceEntry[];
};

/** Every event name, both directions. */
export const CHAT_EVENTS = {
  message: 'message',
  createChat: 'create_chat',
  markAsRead: 'mark_as_read',
  markAsReceived: 'mark_as_received',
  muteChat: 'mute_chat',
  unmuteChat: 'unmute_chat',
  composing: 'composing',
  updateMessage: 'update_message',
  deleteMessage: 'delete_message',
  myProfile: 'my_profile',
  myChats: 'my_chats',
  networkInfo: 'network_info',
  chatDetails: 'chat_details',
  moreMessages: 'more_messages',
  setStatus: 'set_status',
  presenceWatch: 'presence_watch',
} as const;
export type ChatEventName = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];

/** Error keys of acknowledgements (and toasts). */
export const CHAT_ERROR_KEYS = {
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalid: 'invalid',
  chatDisabled: 'chat_disabled',
  noWritePermission: 'no_write_permission',
  externalCannotStartPrivateChat: 'external_cannot_start_private_chat',
  /** A new direct chat with a member who ignores the actor. */
  ignoredByRecipient: 'ignored_by_recipient',
  updatePeriodEnded: 'update_period_ended',
  updateNotAllowed: 'update_not_allowed',
  destroyNotAllowed: 'destroy_not_allowed',
  maxFiles: 'max_files',
  maxImages: 'max_images',
  emptyMessage: 'empty_message',
  tooManyRequests: 'too_many_requests',
  unavailable: 'unavailable',
} as const;

/**
 * Every acknowledgement: the answer, or an error with its key, an HTTP-like status and details
 * (`minutes` for update_period_ended, `max` for the caps, `fields` for invalid payloads,
 * `retry_after` in seconds and `retry_after_ms` for too_many_requests: the member's budget of
 * events is spent, and the event was not handled).
 */
export type ChatAck<T> =
  { ok: true; data: T } | { ok: false; error: { key: string; status: number; details?: Record<string, unknown> } };

const text = z.string().max(CHAT_LIMITS.textMax);
const idList = z.array(idSchema).max(50).default([]);

export const sendMessageSchema = z.object({
  chat_id: chatIdSchema,
  text: text.default(''),
  quoted_message_id: idSchema.nullish(),
  file_ids: idList,
  image_ids: idList,
  /** Chosen by the client per message; sending the same reference again answers the stored message. */
  client_reference: z.string().min(1).max(CHAT_LIMITS.clientReferenceMax),
});
export type SendMessagePayload = z.input<typeof sendMessageSchema>;

export const updateMessageSchema = z.object({
  chat_id: chatIdSchema,
  id: idSchema,
  text: text,
  file_ids: z.array(idSchema).max(50).optional(),
  image_ids: z.array(idSchema).max(50).optional(),
});
export type UpdateMessagePayload = z.input<typeof updateMessageSchema>;

export const deleteMessageSchema = z.object({ chat_id: chatIdSchema, id: idSchema });
export type DeleteMessagePayload = z.input<typeof deleteMessageSchema>;

export const createChatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('member'), id: idSchema }),
  z.object({ type: z.literal('group'), id: idSchema }),
  z.object({ type: z.literal('network'), id: z.string().optional() }),
]);
export type CreateChatPayload = z.input<typeof createChatSchema>;

export const markSchema = z.object({ chat_id: chatIdSchema, message_id: idSchema });
export type MarkPayload = z.input<typeof markSchema>;

export const muteChatSchema = z.object({
  chat_id: chatIdSchema,
  /** A time within the date range, or the spec's "forever" (any time on 9999-12-31), kept as CHAT_MUTED_FOREVER. */
  muted_until: z.union([
    instantSchema,
    z
      .string()
      .regex(/^9999-12-31(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/)
      .transform(() => CHAT_MUTED_FOREVER),
  ]),
  /** Mutes the mobile app's notifications (app_muted_until) instead of the browser's. */
  app: z.boolean().default(false),
});
export type MuteChatPayload = z.input<typeof muteChatSchema>;

export const chatOnlySchema = z.object({ chat_id: chatIdSchema });
export type ChatOnlyPayload = z.input<typeof chatOnlySchema>;

export const myChatsSchema = z.object({
  /** Chats last interacted with before this time (the previous answer's last), for paging. */
  before: instantSchema.optional(),
  limit: z.number().int().min(1).max(CHAT_LIMITS.chatsPageSize).default(CHAT_LIMITS.chatsPageSize),
});
export type MyChatsPayload = z.input<typeof myChatsSchema>;
export type MyChatsAnswer = { chats: Chat[]; has_more: boolean };

export const chatDetailsSchema = z.object({
  chat_id: chatIdSchema,
  /** Catch-up: the messages changed (new, edited, deleted) after this revision, oldest first. */
  since_revision: z.number().int().min(0).optional(),
});
export type ChatDetailsPayload = z.input<typeof chatDetailsSchema>;
/**
 * Without since_revision: the newest page of messages, oldest first. With it: every message
 * changed since, oldest first (`complete: false` when there were more than a page of them; the
 * client then loads the chat afresh).
 */
export type ChatDetailsAnswer = { chat: Chat; messages: ChatMessage[]; complete: boolean };

export const moreMessagesSchema = z.object({ chat_id: chatIdSchema, before_id: idSchema });
export type MoreMessagesPayload = z.input<typeof moreMessagesSchema>;
/** Older messages, oldest first; an empty list means there are no more. */
export type MoreMessagesAnswer = { messages: ChatMessage[] };

export const setStatusSchema = z.object({
  type: z.enum(PRESENCE_TYPES),
  // Newlines become spaces before the length is checked.
  text: z
    .string()
    .default('')
    .transform((s) => s.replace(/\r?\n|\r/g, ' ').trim())
    .pipe(lineText(CHAT_LIMITS.statusTextMax)),
});
export type SetStatusPayload = z.input<typeof setStatusSchema>;

/** Members one `presence_watch` may name: a page of the directory or of the chat list. */
export const PRESENCE_WATCH_MAX = 100;

/**
 * `presence_watch`: the members whose presence a connection shows besides its direct chats'
 * partners (a page that shows online dots); replaces what it watched before, empty stops it.
 */
export const presenceWatchSchema = z.object({
  member_ids: z.array(idSchema).max(PRESENCE_WATCH_MAX).default([]),
});
export type PresenceWatchPayload = z.input<typeof presenceWatchSchema>;
/** The watched members who are online now; `set_status` pushes tell of their changes from then on. */
export type PresenceWatchAnswer = { online: PresenceEntry[] };

/** `unmute_chat` names the app's muting like `mute_chat` does. */
export const unmuteChatSchema = chatOnlySchema.extend({ app: z.boolean().default(false) });
export type UnmuteChatPayload = z.input<typeof unmuteChatSchema>;

/** The payload of the events that carry none (`my_profile`, `network_info`). */
export const emptyPayloadSchema = z.object({});

/** The payload every event a client emits must have, by event name: what the server parses before it answers. */
export const CHAT_EVENT_PAYLOADS = {
  message: sendMessageSchema,
  create_chat: createChatSchema,
  mark_as_read: markSchema,
  mark_as_received: markSchema,
  mute_chat: muteChatSchema,
  unmute_chat: unmuteChatSchema,
  composing: chatOnlySchema,
  update_message: updateMessageSchema,
  delete_message: deleteMessageSchema,
  my_profile: emptyPayloadSchema,
  my_chats: myChatsSchema,
  network_info: emptyPayloadSchema,
  chat_details: chatDetailsSchema,
  more_messages: moreMessagesSchema,
  set_status: setStatusSchema,
  presence_watch: presenceWatchSchema,
} as const satisfies Record<ChatEventName, z.ZodType>;

/** Pushes (server to client), by event name. */
export type ChatPushes = {
  message: ChatMessage;
  update_message: ChatMessage;
  delete_message: ChatMessage;
  create_chat: Chat;
  /** A member read up to a message; to the partner of a direct chat and to the reader's own tabs. */
  mark_as_read: { chat_id: string; member_id: string; message_id: string; seq: number };
  mark_as_received: { chat_id: string; member_id: string; message_id: string; seq: number };
  mute_chat: { chat_id: string; state: ChatState };
  unmute_chat: { chat_id: string; state: ChatState };
  composing: { chat_id: string; member: ChatMemberRef };
  my_profile: ChatProfile;
  /**
   * A member's presence changed (connected, disconnected, set a status); offline when gone or
   * invisible. Only to the connections that show the member: the partners of their direct chats
   * and those that watch them (`presence_watch`).
   */
  set_status: { member_id: string; type: PresenceType | 'offline'; text: string; online_at: string | null };
};

/** Acknowledgement data, by event name. */
export type ChatAnswers = {
  message: ChatMessage;
  update_message: ChatMessage;
  delete_message: ChatMessage;
  create_chat: Chat;
  mark_as_read: ChatState;
  mark_as_received: ChatPartnerState | null;
  mute_chat: ChatState;
  unmute_chat: ChatState;
  composing: null;
  my_profile: ChatProfile;
  my_chats: MyChatsAnswer;
  network_info: ChatNetworkInfo;
  chat_details: ChatDetailsAnswer;
  more_messages: MoreMessagesAnswer;
  set_status: ChatProfile;
  presence_watch: PresenceWatchAnswer;
};

/** `POST /api/v1/file_token` for a chat message: every file of the message as one zip. */
export type ChatFileTokenBody = { chat_message_id: string };

/** Whether a text is only emoji (at most `max`), shown large (spec 4). */
export function emojiOnlyCount(value: string): number {
  const trimmed = value.replace(/\s+/g, '');
  if (!trimmed) return 0;
  const segments = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(trimmed)];
  const emoji = /^(\p{Extended_Pictographic}|\p{Regional_Indicator})/u;
  return segments.every((s) => emoji.test(s.segment)) ? segments.length : 0;
}
