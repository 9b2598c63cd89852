import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn } from '../../platform/db/columns.ts';

/**
 * A direct message as its author wrote it. `conversationStarterId` is the first message of the
 * conversation (the message's own id when it starts one). The sender's copy in the sent list is
 * this row; `senderDeletedAt` removes it from there without touching the recipients' copies.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    authorId: text('author_id').notNull(),
    subject: text('subject').notNull().default(''),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    plainContent: text('plain_content').notNull().default(''),
    conversationStarterId: text('conversation_starter_id').notNull(),
    toAll: boolean('to_all').notNull().default(false),
    /** The members it went to, counted when every recipient row is written. */
    toCount: integer('to_count').notNull().default(0),
    attachmentCount: integer('attachment_count').notNull().default(0),
    /** Set once the groups and all-members recipients are written (after the send's commit). */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    senderDeletedAt: timestamp('sender_deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('direct_messages_sent_idx')
      .on(t.authorId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.senderDeletedAt} is null`),
    index('direct_messages_conversation_idx').on(t.conversationStarterId, t.createdAt),
  ],
);

/** One member's copy of a message: read, deleted, and the group it came through (null: named). */
export const directMessageRecipients = pgTable(
  'direct_message_recipients',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => directMessages.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    viaGroupId: text('via_group_id'),
    /** The message's time, copied so that the inbox reads one index in order. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.membershipId] }),
    index('direct_message_recipients_inbox_idx')
      .on(t.membershipId, t.createdAt.desc(), t.messageId.desc())
      .where(sql`${t.deletedAt} is null`),
    index('direct_message_recipients_unread_idx')
      .on(t.membershipId)
      .where(sql`${t.deletedAt} is null and ${t.readAt} is null`),
  ],
);

/** The groups a message was sent to, named as they were when it was sent. */
export const directMessageGroups = pgTable(
  'direct_message_groups',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => directMessages.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
    networkId: networkIdColumn(),
    name: text('name').notNull(),
    path: text('path').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.groupId] }),
    index('direct_message_groups_group_idx').on(t.groupId, t.createdAt.desc()),
  ],
);

/**
 * The uploads a message carries. An upload belongs (storage owner `message`) to the message it
 * was first sent with, `ownerMessageId`; a forward lists it again by reference, so a reader of
 * the forward may read it too.
 */
export const directMessageAttachments = pgTable(
  'direct_message_attachments',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => directMessages.id, { onDelete: 'cascade' }),
    objectId: text('object_id').notNull(),
    ownerMessageId: text('owner_message_id').notNull(),
    networkId: networkIdColumn(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.objectId] }),
    index('direct_message_attachments_owner_idx').on(t.ownerMessageId),
  ],
);

export type DirectMessageRow = typeof directMessages.$inferSelect;
export type DirectMessageRecipientRow = typeof directMessageRecipients.$inferSelect;
