import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * Where an invitation by e-mail stands: open until the invited person joins through its link
 * (accepted); obsolete when revoked; joined when they became a member another way.
 */
export type ExternalInviteStatus = 'open' | 'accepted' | 'obsolete' | 'joined';

/** Who is invited from where: the network's administration, a group or a group category. */
export type ExternalInviteContext = 'network' | 'group' | 'group_category';

/** An invitation by e-mail of someone who is not yet a member of the network. */
export const externalInvites = pgTable(
  'external_invites',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** `external` joins as a guest member. */
    userType: text('user_type').$type<'normal' | 'external'>().notNull().default('normal'),
    groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
    channelIds: jsonb('channel_ids').$type<string[]>().notNull().default([]),
    contextType: text('context_type').$type<ExternalInviteContext>().notNull().default('network'),
    contextId: text('context_id'),
    authorId: text('author_id').notNull(),
    status: text('status').$type<ExternalInviteStatus>().notNull().default('open'),
    /** SHA-256 of the token in the mailed link; a renewal makes a new one. */
    tokenHash: text('token_hash').notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The member the invited person became. */
    membershipId: text('membership_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('external_invites_token_idx').on(t.tokenHash),
    index('external_invites_network_created_idx').on(t.networkId, t.createdAt, t.id),
    index('external_invites_author_created_idx').on(t.authorId, t.createdAt),
    index('external_invites_context_created_idx').on(t.contextType, t.contextId, t.createdAt),
    index('external_invites_open_email_idx')
      .on(t.networkId, sql`lower(${t.email})`)
      .where(sql`status = 'open'`),
  ],
);
