import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

export const MEMBERSHIP_KINDS = ['member', 'consumer'] as const;
/** A consumer is a contact without sign-in: members can invite and mail them. */
export type MembershipKind = (typeof MEMBERSHIP_KINDS)[number];

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
    kind: text('kind').$type<MembershipKind>().notNull().default('member'),
    /**
     * The names a member is found by, lower-cased, each word preceded by a space, so that
     * `LIKE '% ab%'` finds word prefixes and pg_trgm can use the word-start trigrams of the
     * index. Stored rather than an index expression: a search that scans many members then reads
     * it instead of computing it for each (measured 1.5x faster on PGlite with 10,000 members).
     */
    searchName: text('search_name').generatedAlwaysAs(
      sql`(' ' || translate(lower(first_name || ' ' || last_name || ' ' || coalesce(display_name, '')), '-', ' '))`,
    ),
    isExternal: boolean('is_external').notNull().default(false),
    networkAdmin: boolean('network_admin').notNull().default(false),
    minister: boolean('minister').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /**
     * Set when an administrator deleted the member: the row stays (with its name replaced) so
     * that what they wrote keeps an author; a deleted member is locked too and signs in no more.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set for a new member whose network asks for profile data on joining, until they gave it. */
    onboardingPendingAt: timestamp('onboarding_pending_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('memberships_network_user_idx').on(t.networkId, t.userId),
    index('memberships_network_name_idx').on(t.networkId, t.lastName, t.firstName),
    index('memberships_search_name_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    // The directory's filters are containment (`profile @> ...`).
    index('memberships_profile_idx').using('gin', sql`${t.profile} jsonb_path_ops`),
    // The directory's pages in name order, read from the index instead of sorting every member.
    index('memberships_directory_last_name_idx')
      .on(t.networkId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id)
      .where(sql`locked_at is null and kind = 'member'`),
    index('memberships_directory_first_name_idx')
      .on(t.networkId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id)
      .where(sql`locked_at is null and kind = 'member'`),
  ],
);
