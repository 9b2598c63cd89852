import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';

/** A member (`membershipId`) ignores another (`ignoredId`): their content is hidden from them. */
export const ignoredMembers = pgTable(
  'ignored_members',
  {
    membershipId: text('membership_id').notNull(),
    ignoredId: text('ignored_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.ignoredId] }), index('ignored_members_ignored_idx').on(t.ignoredId)],
);
