import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GroupAccess, GroupRole } from '@agora/contracts';

/** Where a request to join a moderated group stands. */
export type JoinRequestStatus = 'open' | 'accepted' | 'rejected' | 'withdrawn';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

export const groupCategories = pgTable(
  'group_categories',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    pluralName: text('plural_name').notNull(),
    color: text('color'),
    position: integer('position').notNull().default(0),
    theme: jsonb('theme').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('group_categories_network_slug_idx').on(t.networkId, t.slug)],
);

export const groups = pgTable(
  'groups',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    groupCategoryId: text('group_category_id')
      .notNull()
      .references(() => groupCategories.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    access: text('access').$type<GroupAccess>().notNull().default('open'),
    moderatedJoin: boolean('moderated_join').notNull().default(false),
    membersCanInvite: boolean('members_can_invite').notNull().default(true),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    sensitive: boolean('sensitive').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    externallyVisible: boolean('externally_visible').notNull().default(false),
    teaser: text('teaser').notNull().default(''),
    /** Sanitized HTML shown on the group page. */
    description: text('description').notNull().default(''),
    /** The main group of its category: it cannot be closed. */
    activeMainGroup: boolean('active_main_group').notNull().default(false),
    /** Only group admins may invite, whatever members_can_invite says. */
    invitesRestricted: boolean('invites_restricted').notNull().default(false),
    profileImageId: text('profile_image_id'),
    theme: jsonb('theme').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('groups_network_slug_idx').on(t.networkId, t.slug),
    index('groups_category_idx').on(t.groupCategoryId),
  ],
);

export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    role: text('role').$type<GroupRole>().notNull().default('member'),
    /** Whether the group's news reach the member (digests, streams): on when joining. */
    subscribed: boolean('subscribed').notNull().default(true),
    favorited: boolean('favorited').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_memberships_group_member_idx').on(t.groupId, t.membershipId),
    index('group_memberships_member_idx').on(t.membershipId),
  ],
);

/** Members who administrate every group of a category (per-category administration). */
export const groupCategoryAdmins = pgTable(
  'group_category_admins',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    groupCategoryId: text('group_category_id')
      .notNull()
      .references(() => groupCategories.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_category_admins_category_member_idx').on(t.groupCategoryId, t.membershipId),
    index('group_category_admins_member_idx').on(t.membershipId),
  ],
);

/** A member's request to join a moderated (or closed) group, decided by its admins. */
export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    status: text('status').$type<JoinRequestStatus>().notNull().default('open'),
    /** The admin's message to the member when rejecting. */
    message: text('message').notNull().default(''),
    decidedById: text('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_join_requests_open_idx')
      .on(t.groupId, t.membershipId)
      .where(sql`status = 'open'`),
    index('group_join_requests_group_status_idx').on(t.groupId, t.status, t.createdAt),
    index('group_join_requests_member_idx').on(t.membershipId, t.status),
  ],
);
