import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/db/columns.ts';

/**
 * A member's mail settings (digests, subscriptions, notifications, admin notifications,
 * newsletter) as the spec's Member settings object; no row means the defaults.
 */
export const memberSettings = pgTable('member_settings', {
  membershipId: text('membership_id').primaryKey(),
  networkId: text('network_id').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});
