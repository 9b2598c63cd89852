import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy } from './policy.ts';
import type { GroupRow } from './repository.ts';
import { categoryAdminRowOf, isCategoryAdmin } from './category-admin-join.ts';
import { groupCategories, groupCategoryAdmins, groupMemberships, groups } from './tables.ts';

/** A group a member belongs to, with their role in it and its category. */
export type MemberGroup = {
  group: GroupRow;
  /** The member's role (not the viewer's). */
  role: GroupRole;
  category: { id: string; name: string; pluralName: string };
};

/** A group with its category's name and the roles of some members in it (null role: not a member). */
export type GroupWithRolesOfMembers = { group: GroupRow; categoryName: string; roles: Map<string, GroupRole> };

/** The groups of one member that another may see (a member's profile). */
export function createMemberGroups(db: Db) {
  return {
    /**
     * The groups `membershipId` belongs to that the actor may read, in the categories' order, the
     * archived ones last in each: one query. Hidden groups show only to their members, their
     * category's admins and network admins; guests see only groups visible to guests or their own.
     * The conditions narrow the rows in the database so that `limit` holds; the group policy
     * still decides on each row.
     */
    async groupsOfMemberVisibleTo(actor: Actor, membershipId: string, limit: number): Promise<MemberGroup[]> {
      const theirs = alias(groupMemberships, 'their_membership');
      const mine = alias(groupMemberships, 'my_membership');
      const conditions: SQL[] = [eq(theirs.membershipId, membershipId), eq(groups.networkId, actor.networkId)];
      if (!actor.isNetworkAdmin) {
        conditions.push(or(ne(groups.access, 'hidden'), isNotNull(mine.id), isNotNull(groupCategoryAdmins.id))!);
      }
      if (actor.isExternal) conditions.push(or(eq(groups.externallyVisible, true), isNotNull(mine.id))!);
      const rows = await db
        .select({
          group: groups,
          theirRole: theirs.role,
          myRole: mine.role,
          categoryAdmin: isCategoryAdmin,
          category: { id: groupCategories.id, name: groupCategories.name, pluralName: groupCategories.pluralName },
        })
        .from(theirs)
        .innerJoin(groups, eq(groups.id, theirs.groupId))
        .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
        .leftJoin(mine, and(eq(mine.groupId, groups.id), eq(mine.membershipId, actor.membershipId)))
        .leftJoin(groupCategoryAdmins, categoryAdminRowOf(actor.membershipId))
        .where(and(...conditions))
        .orderBy(
          asc(groupCategories.position),
          asc(groupCategories.name),
          asc(groups.archived),
          asc(sql`lower(${groups.name})`),
          asc(groups.id),
        )
        .limit(limit);
      return rows
        .filter((row) => {
          const subject = { group: row.group, role: row.myRole, categoryAdmin: row.categoryAdmin };
          return allows(groupPolicy, 'read', actor, subject);
        })
        .map((row) => ({ group: row.group, role: row.theirRole, category: row.category }));
    },

    /**
     * The groups each of some members belongs to (the digest mails' groups): one query however
     * many members. Only their own groups, so a closed or hidden group reaches its members alone.
     */
    async groupsOfMembers(
      networkId: string,
      membershipIds: string[],
    ): Promise<Map<string, Array<{ id: string; slug: string; name: string; archived: boolean }>>> {
      const result = new Map<string, Array<{ id: string; slug: string; name: string; archived: boolean }>>();
      if (membershipIds.length === 0) return result;
      const rows = await db
        .select({
          membershipId: groupMemberships.membershipId,
          id: groups.id,
          slug: groups.slug,
          name: groups.name,
          archived: groups.archived,
        })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(
          and(eq(groups.networkId, networkId), inArray(groupMemberships.membershipId, [...new Set(membershipIds)])),
        )
        .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
      for (const { membershipId, ...group } of rows)
        result.set(membershipId, [...(result.get(membershipId) ?? []), group]);
      return result;
    },

    /**
     * Some groups with their category's name and the role of each of some members in them
     * (readable or not: the calendars policy decides for each member): one query however many
     * members, keyed by group id. withRolesAndCategories for many members at once.
     */
    async withRolesOfMembers(
      networkId: string,
      groupIds: string[],
      membershipIds: string[],
    ): Promise<Map<string, GroupWithRolesOfMembers>> {
      const result = new Map<string, GroupWithRolesOfMembers>();
      if (groupIds.length === 0) return result;
      const rows = await db
        .select({
          group: groups,
          categoryName: groupCategories.name,
          membershipId: groupMemberships.membershipId,
          role: groupMemberships.role,
        })
        .from(groups)
        .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
        .leftJoin(
          groupMemberships,
          and(
            eq(groupMemberships.groupId, groups.id),
            sql`${groupMemberships.membershipId} = any(${sql.param([...new Set(membershipIds)])}::text[])`,
          ),
        )
        .where(and(eq(groups.networkId, networkId), inArray(groups.id, [...new Set(groupIds)])));
      for (const row of rows) {
        let entry = result.get(row.group.id);
        if (!entry)
          result.set(row.group.id, (entry = { group: row.group, categoryName: row.categoryName, roles: new Map() }));
        if (row.membershipId && row.role) entry.roles.set(row.membershipId, row.role);
      }
      return result;
    },
  };
}
