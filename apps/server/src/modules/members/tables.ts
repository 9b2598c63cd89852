import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/** A user's profile in one network: what other members see and what roles hang on. */
export const memberships = pgTable(
  'memberships',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    userId: text('user_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Overrides "first last" where set. */
    displayName: text('display_name'),
    profileImageId: text('profile_image_id'),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    birthday: date('birthday'),
    isExternal: boolean('is_external').notNull().default(false),
    networkAdmin: boolean('network_admin').notNull().default(false),
    minister: boolean('minister').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('memberships_network_user_idx').on(t.networkId, t.userId),
    index('memberships_network_name_idx').on(t.networkId, t.lastName, t.firstName),
  ],
);
