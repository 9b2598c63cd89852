import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { GroupRow } from './repository.ts';
import { groupCategories, groupCategoryAdmins, groupMemberships, groups } from './tables.ts';

export type GroupWithCategorySlug = { group: GroupRow; categorySlug: string };

/** What global search reads of groups: rows with their category's slug, and a member's keys. */
export function createGroupSearchRepository(db: Db) {
  function rowsWhere(where: ReturnType<typeof and>) {
    return db
      .select({ group: groups, categorySlug: groupCategories.slug })
      .from(groups)
      .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
      .where(where)
      .orderBy(asc(groups.id));
  }

  return {
    byIds(networkId: string, ids: string[]): Promise<GroupWithCategorySlug[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return rowsWhere(and(eq(groups.networkId, networkId), inArray(groups.id, ids)));
    },
    page(networkId: string, afterId: string | null, limit: number): Promise<GroupWithCategorySlug[]> {
      return rowsWhere(
        and(eq(groups.networkId, networkId), afterId === null ? undefined : gt(groups.id, afterId)),
      ).limit(limit);
    },
    /** The groups a member belongs to and the categories they administrate: two small queries. */
    async holdings(networkId: string, membershipId: string): Promise<{ groupIds: string[]; categoryIds: string[] }> {
      const [memberships, categories] = await Promise.all([
        db
          .select({ id: groupMemberships.groupId })
          .from(groupMemberships)
          .where(and(eq(groupMemberships.networkId, networkId), eq(groupMemberships.membershipId, membershipId))),
        db
          .select({ id: groupCategoryAdmins.groupCategoryId })
          .from(groupCategoryAdmins)
          .where(and(eq(groupCategoryAdmins.networkId, networkId), eq(groupCategoryAdmins.membershipId, membershipId))),
      ]);
      return { groupIds: memberships.map((r) => r.id), categoryIds: categories.map((r) => r.id) };
    },
  };
}

export type GroupSearchRepository = ReturnType<typeof createGroupSearchRepository>;
