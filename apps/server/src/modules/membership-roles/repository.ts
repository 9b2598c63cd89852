import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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
  };
}
