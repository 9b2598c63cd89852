import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn } from '../../platform/db/columns.ts';

/** What happened to a member: who did what to which object, and whether they have seen it. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    /** The membership notified. */
    recipientId: text('recipient_id').notNull(),
    type: text('type').notNull(),
    /** The membership that caused it; null for what the system does by itself. */
    actorId: text('actor_id'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    // Title and path are kept as they were, so the notification still reads after the object
    // is renamed or gone.
    subjectTitle: text('subject_title').notNull(),
    subjectPath: text('subject_path').notNull(),
    /** What the message of `type` is filled with; it is rendered in the reader's language when read. */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** The text of types that have no message (older notifications, imports). */
    text: text('text').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_newest_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
  ],
);
