import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, networkIdColumn } from '../../platform/db/columns.ts';

/**
 * The audit log of a network: who did what to whom, kept as it was when it happened. Entries
 * are written by the module's event processor only and never edited or deleted through the API.
 */
export const auditLogEntries = pgTable(
  'audit_log_entries',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    /** One of the spec's audit event types (GroupJoin, FilePublish, PolicySettingUpdate ...). */
    eventType: text('event_type').notNull(),
    /** The membership that acted; null for what the system did by itself. */
    actorId: text('actor_id'),
    /** The membership the entry is about (who joined, whose membership went), when there is one. */
    membershipId: text('membership_id'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** The subject's name when it happened, so the entry still reads once it is renamed or gone. */
    subjectTitle: text('subject_title').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The domain event it came from: one entry per event, also when delivery repeats. */
    sourceEventId: bigint('source_event_id', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_entries_source_event_idx').on(t.sourceEventId),
    index('audit_log_entries_newest_idx').on(t.networkId, t.occurredAt.desc(), t.id.desc()),
    index('audit_log_entries_type_idx').on(t.networkId, t.eventType, t.occurredAt.desc()),
    index('audit_log_entries_actor_idx').on(t.networkId, t.actorId),
    index('audit_log_entries_membership_idx').on(t.networkId, t.membershipId),
  ],
);
