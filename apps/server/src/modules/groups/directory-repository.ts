import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { GroupCategoryRow, GroupRow } from './repository.ts';
import { groupCategories, groupCategoryAdmins, groupMemberships, groups } from './tables.ts';

export type CategoryGroupsSearch = {
  networkId: string;
  categoryId: string;
  membershipId: string;
  isNetworkAdmin: boolean;
  isExternal: boolean;
  /** The member administrates the category: its hidden groups are theirs to see. */
  categoryAdmin: boolean;
  /** Lower-cased words; each must begin a word of the group's name. */
  terms: string[];
  limit: number;
  offset: number;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The queries of the directory's category tabs. */
export function createDirectoryRepository(db: Db) {
  return {
    /** A category of the network by id or by slug. */
    async category(networkId: string, idOrSlug: string): Promise<GroupCategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(groupCategories)
        .where(
          and(
            eq(groupCategories.networkId, networkId),
            or(eq(groupCategories.id, idOrSlug), eq(groupCategories.slug, idOrSlug)),
          ),
        )
        .orderBy(asc(groupCategories.id))
        .limit(1);
      return row;
    },
    async isCategoryAdmin(categoryId: string, membershipId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groupCategoryAdmins.id })
        .from(groupCategoryAdmins)
        .where(
          and(eq(groupCategoryAdmins.groupCategoryId, categoryId), eq(groupCategoryAdmins.membershipId, membershipId)),
        )
        .limit(1);
      return !!row;
    },
    /**
     * A page of a category's groups with the member's role in each and the number of all that
     * match, archived ones last. The access conditions narrow the rows in the database so that
     * the page and the total hold; the group policy still decides on each row.
     */
    async categoryGroups(
      search: CategoryGroupsSearch,
    ): Promise<{ rows: Array<{ group: GroupRow; role: GroupRole | null }>; total: number }> {
      const role = groupMemberships.role;
      const conditions: SQL[] = [eq(groups.networkId, search.networkId), eq(groups.groupCategoryId, search.categoryId)];
      if (!search.isNetworkAdmin && !search.categoryAdmin) {
        conditions.push(or(ne(groups.access, 'hidden'), isNotNull(role))!);
      }
      if (search.isExternal) conditions.push(or(eq(groups.externallyVisible, true), isNotNull(role))!);
      for (const term of search.terms) {
        conditions.push(sql`(' ' || translate(lower(${groups.name}), '-', ' ')) like ${`% ${escapeLike(term)}%`}`);
      }
      const found = await db
        .select({ group: groups, role, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(groups)
        .leftJoin(
          groupMemberships,
          and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.membershipId, search.membershipId)),
        )
        .where(and(...conditions))
        .orderBy(asc(groups.archived), asc(sql`lower(${groups.name})`), asc(groups.id))
        .limit(search.limit)
        .offset(search.offset);
      if (found.length > 0 || search.offset === 0) {
        return { rows: found.map(({ group, role }) => ({ group, role })), total: found[0]?.total ?? 0 };
      }
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(groups)
        .leftJoin(
          groupMemberships,
          and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.membershipId, search.membershipId)),
        )
        .where(and(...conditions));
      return { rows: [], total: counted?.n ?? 0 };
    },
    /** The number of members of each of some groups: one query. */
    async memberCounts(groupIds: string[]): Promise<Map<string, number>> {
      if (groupIds.length === 0) return new Map();
      const rows = await db
        .select({ groupId: groupMemberships.groupId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(groupMemberships)
        .where(inArray(groupMemberships.groupId, groupIds))
        .groupBy(groupMemberships.groupId);
      return new Map(rows.map((row) => [row.groupId, row.n]));
    },
  };
}
