import { index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

export const MEMBERSHIP_ROLE_DISPLAY_TYPES = ['default', 'grouped', 'hidden'] as const;
export type MembershipRoleDisplayType = (typeof MEMBERSHIP_ROLE_DISPLAY_TYPES)[number];

/** A role members hold in the network ("Betriebsrat") or, with a group, in that group. */
export const membershipRoles = pgTable(
  'membership_roles',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    /** Null for a role of the whole network. */
    groupId: text('group_id'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    pluralName: text('plural_name').notNull(),
    color: text('color').notNull().default('#000000'),
    textColor: text('text_color'),
    displayType: text('display_type').$type<MembershipRoleDisplayType>().notNull().default('default'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One slug per scope; the network's own roles (no group) count as one scope.
    unique('membership_roles_scope_slug_unique').on(t.networkId, t.groupId, t.slug).nullsNotDistinct(),
    index('membership_roles_group_idx').on(t.groupId),
  ],
);

/** Which members hold a role. */
export const membershipRoleAssignments = pgTable(
  'membership_role_assignments',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => membershipRoles.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.membershipId] }),
    index('membership_role_assignments_member_idx').on(t.membershipId),
  ],
);
