import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * What happened, written in the same transaction as the write it describes: the one place that
 * side effects (notifications, mails, audit entries, search, streams) start from.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    /** Grows with every event: the order events of one subject are handled in. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    networkId: text('network_id').notNull(),
    /** `{subject}.{verb}` such as `appointment.canceled`. */
    type: text('type').notNull(),
    /** The membership that acted; null for what the system does by itself. */
    actorId: text('actor_id'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** What the subject belongs to (its group, calendar ...), for processors that filter by it. */
    contextType: text('context_type'),
    contextId: text('context_id'),
    /** What changed and what processors need to know, as it was at the time of the write. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('domain_events_created_idx').on(t.createdAt)],
);

/**
 * One row per event and processor that has to handle it, written with the event: the queue of
 * the processors. A processor's row is deleted in the transaction of what the processor writes,
 * so each event is handled once; a row that keeps failing stays as `failed` for admins to see.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    networkId: text('network_id').notNull(),
    processor: text('processor').notNull(),
    /** `{subject_type}:{subject_id}`: deliveries of one key and processor are handled in order. */
    subjectKey: text('subject_key').notNull(),
    /** `pending` until handled (then deleted), `failed` after the last try. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a worker until then; a worker that died leaves it to be taken again afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_deliveries_event_processor_idx').on(t.eventId, t.processor),
    index('event_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('event_deliveries_subject_idx')
      .on(t.processor, t.subjectKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('event_deliveries_failed_idx')
      .on(t.networkId, t.id)
      .where(sql`${t.status} = 'failed'`),
  ],
);
