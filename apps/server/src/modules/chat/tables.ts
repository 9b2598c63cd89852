import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn } from '../../platform/db/columns.ts';

/**
 * A chat of a network: direct (`member/{a}:{b}`), of a group (`group/{id}`) or the network's
 * (`network`); `key` is that public id. `lastSeq` and `revision` are counters taken under the
 * row's lock, so messages of one chat are numbered in the order they commit: catch-up by number
 * misses nothing.
 */
export const chats = pgTable(
  'chats',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['member', 'group', 'network'] }).notNull(),
    groupId: text('group_id'),
    /** The two members of a direct chat, the smaller id first. */
    memberA: text('member_a'),
    memberB: text('member_b'),
    /** The number of the chat's last message (0 without any). */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /** Rises with every new, edited or deleted message. */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    lastMessageId: text('last_message_id'),
    lastInteractedAt: timestamp('last_interacted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_network_key_idx').on(t.networkId, t.key),
    index('chats_member_a_idx').on(t.memberA),
    index('chats_member_b_idx').on(t.memberB),
  ],
);

/** A message; files and images are storage uploads owned by it (owner type `chat_message`). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    authorId: text('author_id').notNull(),
    text: text('text').notNull().default(''),
    quotedMessageId: text('quoted_message_id'),
    /** The sender's reference: a retried send finds the message stored the first time. */
    clientReference: text('client_reference'),
    fileCount: integer('file_count').notNull().default(0),
    imageCount: integer('image_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_chat_seq_idx').on(t.chatId, t.seq),
    index('chat_messages_chat_revision_idx').on(t.chatId, t.revision),
    uniqueIndex('chat_messages_client_reference_idx')
      .on(t.authorId, t.clientReference)
      .where(sql`${t.clientReference} is not null`),
  ],
);

/**
 * A member's markers in a chat. Unread counts are derived (messages after `lastReadSeq` by
 * others, not deleted), so a message to a network of thousands writes one row, not thousands.
 */
export const chatStates = pgTable(
  'chat_states',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastReadId: text('last_read_id'),
    lastReceivedSeq: bigint('last_received_seq', { mode: 'number' }).notNull().default(0),
    lastReceivedId: text('last_received_id'),
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    appMutedUntil: timestamp('app_muted_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.membershipId] }), index('chat_states_membership_idx').on(t.membershipId)],
);

/** A member's chosen presence; whether they are online is known from their open connections. */
export const chatProfiles = pgTable('chat_profiles', {
  membershipId: text('membership_id').primaryKey(),
  networkId: networkIdColumn(),
  statusType: text('status_type', { enum: ['online', 'busy', 'invisible'] })
    .notNull()
    .default('online'),
  statusText: text('status_text').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
