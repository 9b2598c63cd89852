import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * Where a group invitation stands: open until the invitee accepts or declines; obsolete when
 * revoked or when its group went away; joined when the invitee joined the group another way.
 */
export type GroupInviteStatus = 'open' | 'accepted' | 'declined' | 'obsolete' | 'joined';

/** An internal invite: a member asked by another member to join a group. */
export const groupInvites = pgTable(
  'group_invites',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    groupId: text('group_id').notNull(),
    /** The invitee. */
    membershipId: text('membership_id').notNull(),
    authorId: text('author_id').notNull(),
    additionalMessage: text('additional_message').notNull().default(''),
    status: text('status').$type<GroupInviteStatus>().notNull().default('open'),
    /** Set by renewing: the invitee is reminded again. */
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_invites_open_idx')
      .on(t.groupId, t.membershipId)
      .where(sql`status = 'open'`),
    index('group_invites_member_status_created_idx').on(t.membershipId, t.status, t.createdAt, t.id),
    index('group_invites_author_created_idx').on(t.authorId, t.createdAt),
    index('group_invites_group_created_idx').on(t.groupId, t.createdAt),
  ],
);
