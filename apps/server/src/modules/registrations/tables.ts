import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/** A self-registration waiting for an administrator when the network moderates joining. */
export type RegistrationStatus = 'pending' | 'approved' | 'rejected';

/** Someone who registered on the sign-up page of a network whose joining is moderated. */
export const registrations = pgTable(
  'registrations',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The password they chose, hashed; it becomes the account's when approved. */
    passwordHash: text('password_hash').notNull(),
    locale: text('locale'),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<RegistrationStatus>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: text('decided_by_id'),
    membershipId: text('membership_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('registrations_network_status_created_idx').on(t.networkId, t.status, t.createdAt, t.id),
    uniqueIndex('registrations_pending_email_idx')
      .on(t.networkId, sql`lower(${t.email})`)
      .where(sql`status = 'pending'`),
  ],
);
