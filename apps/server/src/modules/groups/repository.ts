import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { groupCategories, groupMemberships, groups } from './tables.ts';

export type GroupCategoryRow = typeof groupCategories.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type GroupMembershipRow = typeof groupMemberships.$inferSelect;

export function createGroupsRepository(db: Db) {
  return {
    categories(networkId: string): Promise<GroupCategoryRow[]> {
      return db
        .select()
        .from(groupCategories)
        .where(eq(groupCategories.networkId, networkId))
        .orderBy(asc(groupCategories.position), asc(groupCategories.name));
    },
    async groupBySlug(networkId: string, slug: string): Promise<GroupRow | undefined> {
      const [row] = await db
        .select()
        .from(groups)
        .where(and(eq(groups.networkId, networkId), eq(groups.slug, slug)))
        .limit(1);
      return row;
    },
    async roleOf(groupId: string, membershipId: string) {
      const [row] = await db
        .select({ role: groupMemberships.role })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.membershipId, membershipId)))
        .limit(1);
      return row?.role ?? null;
    },
    async memberCount(groupId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupMemberships)
        .where(eq(groupMemberships.groupId, groupId));
      return row?.n ?? 0;
    },
    /** The categories in which a member administrates at least one group: one query for all. */
    async categoryIdsAdministratedBy(membershipId: string, categoryIds: string[]): Promise<Set<string>> {
      if (categoryIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: groups.groupCategoryId })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(
          and(
            eq(groupMemberships.membershipId, membershipId),
            eq(groupMemberships.role, 'admin'),
            inArray(groups.groupCategoryId, categoryIds),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
    async insertCategories(rows: Array<typeof groupCategories.$inferInsert>) {
      return rows.length ? db.insert(groupCategories).values(rows).returning() : [];
    },
    async insertGroups(rows: Array<typeof groups.$inferInsert>) {
      return rows.length ? db.insert(groups).values(rows).returning() : [];
    },
    async insertMemberships(rows: Array<typeof groupMemberships.$inferInsert>) {
      return rows.length ? db.insert(groupMemberships).values(rows).onConflictDoNothing().returning() : [];
    },
  };
}
