import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GroupAccess, GroupRole } from '@agora/contracts';
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_memberships_group_member_idx').on(t.groupId, t.membershipId),
    index('group_memberships_member_idx').on(t.membershipId),
  ],
);
