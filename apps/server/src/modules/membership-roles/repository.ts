import { and, asc, count, eq, getTableColumns, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { membershipRoleAssignments, membershipRoles } from './tables.ts';

export type MembershipRoleRow = typeof membershipRoles.$inferSelect;
export type NewMembershipRoleRow = typeof membershipRoles.$inferInsert;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createMembershipRolesRepository(db: Db) {
  return {
    /** Roles whose name or plural name has words beginning with each term, by name. */
    search(networkId: string, terms: string[], limit: number): Promise<MembershipRoleRow[]> {
      const names = sql`(' ' || lower(${membershipRoles.name}) || ' ' || lower(${membershipRoles.pluralName}))`;
      const conditions: SQL[] = [eq(membershipRoles.networkId, networkId)];
      for (const term of terms) conditions.push(sql`${names} like ${`% ${escapeLike(term)}%`}`);
      return db
        .select()
        .from(membershipRoles)
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${membershipRoles.name})`), asc(membershipRoles.id))
        .limit(limit);
    },
    list(networkId: string, groupId: string | null): Promise<MembershipRoleRow[]> {
      const scope = groupId === null ? isNull(membershipRoles.groupId) : eq(membershipRoles.groupId, groupId);
      return db
        .select()
        .from(membershipRoles)
        .where(and(eq(membershipRoles.networkId, networkId), scope))
        .orderBy(asc(sql`lower(${membershipRoles.name})`));
    },
    byIds(networkId: string, ids: string[]): Promise<MembershipRoleRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(membershipRoles)
        .where(and(eq(membershipRoles.networkId, networkId), inArray(membershipRoles.id, ids)));
    },
    /** Who holds some roles, with the roles each holds: one query. */
    holders(networkId: string, roleIds: string[]): Promise<Array<{ membershipId: string; roleIds: string[] }>> {
      if (roleIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          membershipId: membershipRoleAssignments.membershipId,
          roleIds: sql<
            string[]
          >`array_agg(${membershipRoleAssignments.roleId} order by ${membershipRoleAssignments.roleId})`,
        })
        .from(membershipRoleAssignments)
        .where(
          and(eq(membershipRoleAssignments.networkId, networkId), inArray(membershipRoleAssignments.roleId, roleIds)),
        )
        .groupBy(membershipRoleAssignments.membershipId);
    },
    async assign(rows: Array<typeof membershipRoleAssignments.$inferInsert>): Promise<void> {
      for (let i = 0; i < rows.length; i += 1000) {
        await db
          .insert(membershipRoleAssignments)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      }
    },
    insertMany(rows: NewMembershipRoleRow[]): Promise<MembershipRoleRow[]> {
      return rows.length ? db.insert(membershipRoles).values(rows).returning() : Promise.resolve([]);
    },
    async find(networkId: string, id: string): Promise<MembershipRoleRow | undefined> {
      const [row] = await db
        .select()
        .from(membershipRoles)
        .where(and(eq(membershipRoles.networkId, networkId), eq(membershipRoles.id, id)))
        .limit(1);
      return row;
    },
    /** The slugs of a scope that begin with `base` (for the next free "-2", "-3" ...). */
    async slugsLike(networkId: string, groupId: string | null, base: string): Promise<Set<string>> {
      const scope = groupId === null ? isNull(membershipRoles.groupId) : eq(membershipRoles.groupId, groupId);
      const rows = await db
        .select({ slug: membershipRoles.slug })
        .from(membershipRoles)
        .where(
          and(eq(membershipRoles.networkId, networkId), scope, like(membershipRoles.slug, `${escapeLike(base)}%`)),
        );
      return new Set(rows.map((r) => r.slug));
    },
    async count(networkId: string, groupId: string | null): Promise<number> {
      const scope = groupId === null ? isNull(membershipRoles.groupId) : eq(membershipRoles.groupId, groupId);
      const [row] = await db
        .select({ n: count() })
        .from(membershipRoles)
        .where(and(eq(membershipRoles.networkId, networkId), scope));
      return row?.n ?? 0;
    },
    async update(id: string, fields: Partial<NewMembershipRoleRow>): Promise<MembershipRoleRow> {
      const [row] = await db.update(membershipRoles).set(fields).where(eq(membershipRoles.id, id)).returning();
      return row!;
    },
    /** Deletes a role; its assignments go with it (the foreign key cascades). */
    async remove(id: string): Promise<void> {
      await db.delete(membershipRoles).where(eq(membershipRoles.id, id));
    },
    /** How many members hold each of some roles. */
    async holderCounts(roleIds: string[]): Promise<Map<string, number>> {
      if (roleIds.length === 0) return new Map();
      const rows = await db
        .select({ id: membershipRoleAssignments.roleId, n: count() })
        .from(membershipRoleAssignments)
        .where(inArray(membershipRoleAssignments.roleId, roleIds))
        .groupBy(membershipRoleAssignments.roleId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    /** The roles a member holds, with each role's scope. */
    rolesOf(networkId: string, membershipId: string): Promise<MembershipRoleRow[]> {
      return db
        .select(getTableColumns(membershipRoles))
        .from(membershipRoleAssignments)
        .innerJoin(membershipRoles, eq(membershipRoles.id, membershipRoleAssignments.roleId))
        .where(
          and(
            eq(membershipRoleAssignments.networkId, networkId),
            eq(membershipRoleAssignments.membershipId, membershipId),
          ),
        )
        .orderBy(asc(sql`lower(${membershipRoles.name})`));
    },
    async unassign(membershipId: string, roleIds: string[]): Promise<void> {
      if (roleIds.length === 0) return;
      await db
        .delete(membershipRoleAssignments)
        .where(
          and(
            eq(membershipRoleAssignments.membershipId, membershipId),
            inArray(membershipRoleAssignments.roleId, roleIds),
          ),
        );
    },
  };
}
