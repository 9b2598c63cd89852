import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import { longText, lineText, TEXT_LIMITS } from './text.ts';
import type { MemberRef } from './calendar.ts';

/** Constants of the messages parts of the communication spec (section 9). */
export const DIRECT_MESSAGE_LIMITS = {
  /** The inbox and the sent list page by this many. */
  pageSize: 10,
  /** A list call answers at most this many per page, whatever `limit` asks. */
  pageSizeMax: 50,
  subjectMaxLength: TEXT_LIMITS.line,
  contentMaxLength: 100_000,
  /** Members and groups named in one message (all members of the network is a flag of its own). */
  recipientsMax: 500,
  groupsMax: 50,
  attachmentsMax: 20,
  /** The ids one batch call (read, unread, delete) takes. */
  batchMax: 100,
  /** The earlier messages of a conversation the detail answer carries, newest first. */
  historyMax: 50,
  /** Recipient search in the composer waits this long after the last key (ms). */
  recipientSearchDelayMs: 375,
} as const;

/** Toast keys of the messages (section 8); the web app translates them under `messages.*`. */
export const DIRECT_MESSAGE_TOAST_KEYS = {
  sent: 'message_sent',
  notSent: 'message_not_sent',
  deletedMany: 'messages_deleted',
  deletedOne: 'message_deleted',
} as const;

/** Validation keys a refused send answers with, per field (besides the common ones). */
export const DIRECT_MESSAGE_ERROR_KEYS = {
  /** No member, no group and not to all members. */
  recipientsEmpty: 'recipients_empty',
  /** Both subject and content are empty. */
  subjectAndContentEmpty: 'subject_and_content_empty',
  /** An attachment is not (yet) a finished upload of the sender. */
  attachmentNotUploaded: 'attachment_not_uploaded',
  /** A named member or group is one the sender may not write to. */
  recipientNotAllowed: 'recipient_not_allowed',
  /** The sender may not write to all members of the network. */
  toAllNotAllowed: 'to_all_not_allowed',
} as const;

/** `POST /api/v1/messages`: the send payload (section 3). */
export const directMessageBodySchema = z.object({
  to: z.array(idSchema).max(DIRECT_MESSAGE_LIMITS.recipientsMax).default([]),
  to_group: z.array(idSchema).max(DIRECT_MESSAGE_LIMITS.groupsMax).default([]),
  to_all_network_members: z.boolean().default(false),
  subject: lineText(DIRECT_MESSAGE_LIMITS.subjectMaxLength).default(''),
  /** Rich text (HTML); sanitized by the server. */
  content: longText(DIRECT_MESSAGE_LIMITS.contentMaxLength, { trim: false }).default(''),
  /** Upload ids (files directory), or attachments of the message forwarded (kept, not copied). */
  attachments: z.array(idSchema).max(DIRECT_MESSAGE_LIMITS.attachmentsMax).default([]),
  /** The first message of the conversation this one answers (reply, reply-all); null starts one. */
  conversation_starter_id: idSchema.nullish(),
});
export type DirectMessageBody = z.input<typeof directMessageBodySchema>;

/** The batch calls' body: read, unread, delete, sent/delete. */
export const directMessageIdsBodySchema = z.object({
  message_ids: z.array(idSchema).min(1, 'required').max(DIRECT_MESSAGE_LIMITS.batchMax),
});
export type DirectMessageIdsBody = z.infer<typeof directMessageIdsBodySchema>;

/** `?limit=10&offset=N` of the inbox and the sent list. */
export const directMessageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DIRECT_MESSAGE_LIMITS.pageSizeMax).default(DIRECT_MESSAGE_LIMITS.pageSize),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Group variant: only messages sent to this group. */
  group_id: idSchema.optional(),
});
export type DirectMessageListQuery = z.infer<typeof directMessageListQuerySchema>;

export type DirectMessageAttachment = {
  id: string;
  original_filename: string;
  extension: string;
  content_type: string;
  size: number;
  /** Download address (the storage download, readable by the message's sender and recipients). */
  url: string;
};

/** A group the message was sent to, as it was named when sent. */
export type DirectMessageGroupRef = { id: string; name: string; path: string };

/** The Message entity (communication spec, section 3). */
export type DirectMessage = {
  id: string;
  subject: string;
  /** The sanitized HTML as stored (the editor's value). */
  content: string;
  plain_content: string;
  html_content: string;
  created_at: string;
  author: MemberRef | null;
  /** The members it went to, the first ones (up to DIRECT_MESSAGE_LIMITS.recipientsMax); `to_count` counts all. */
  to: MemberRef[];
  to_count: number;
  to_groups: DirectMessageGroupRef[];
  to_all_network_members: boolean;
  /** Earlier messages of the conversation the viewer may read, newest first (detail answer only; [] in lists). */
  conversation: DirectMessage[];
  conversation_length: number;
  conversation_starter_id: string;
  has_replies: boolean;
  has_attachments: boolean;
  attachments: DirectMessageAttachment[];
  i: { read: boolean };
  /** The author is a member the reader ignores: shown collapsed, with a way to show it (the content is there). */
  ignored: boolean;
};

/** `GET /api/v1/messages` and `/api/v1/messages/sent`. */
export type DirectMessageList = { messages: DirectMessage[]; total: number; limit: number; offset: number };

/** `GET /translations/languages`: what the provider translates into. */
export type TranslationLanguage = { code: string; name: string };
export type TranslationLanguages = { languages: TranslationLanguage[] };

/** `GET /translations/{lang}/{type}/{id}`: the translated fields of the object, by field name. */
export type Translation = { language: string; type: string; id: string; fields: Record<string, string> };

/** Languages the language menu offers first (after the last used one): administration spec, section 9. */
export const PRIMARY_TRANSLATION_LANGUAGES = ['de', 'en-GB', 'es', 'fr'] as const;

/** Toast key of a failed translation. */
export const TRANSLATION_ERROR_KEY = 'translation_controls';
