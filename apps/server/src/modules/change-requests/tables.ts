import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

export const CHANGE_REQUEST_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** A member's request to change profile values that administrators accept or reject. */
export const profileChangeRequests = pgTable(
  'profile_change_requests',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    /** Whose profile would change. */
    membershipId: text('membership_id').notNull(),
    /** Who asked (the member, or someone for them). */
    authorId: text('author_id').notNull(),
    /** The requested values, by property name (only the network's change-request fields). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    comment: text('comment'),
    status: text('status').$type<ChangeRequestStatus>().notNull().default('open'),
    decidedById: text('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profile_change_requests_network_status_idx').on(t.networkId, t.status, t.id),
    index('profile_change_requests_membership_idx').on(t.membershipId),
  ],
);
