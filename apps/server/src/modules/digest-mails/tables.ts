import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One digest mail sent to a member: the periodic digest (`email_digests`) or the daily activity
 * mail (`email_daily_digests`) of one sending slot (`period`, e.g. `2026-11-27T07`). The primary
 * key makes a slot go out once however many processes run the job; the newest row's `sent_at`
 * is where the member's next digest starts.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    membershipId: text('membership_id').notNull(),
    networkId: text('network_id').notNull(),
    /** `digest` or `daily`. */
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.kind, t.period] }),
    index('digest_deliveries_member_kind_sent_idx').on(t.membershipId, t.kind, t.sentAt),
  ],
);
