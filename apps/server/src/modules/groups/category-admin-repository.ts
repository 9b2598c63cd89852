import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { groupCategoryAdmins } from './tables.ts';

/** Who administrates a group category (group_category_admins). */
export function createCategoryAdminRepository(db: Db) {
  return {
    /** The category's admins, the longest-serving first. */
    async membershipIds(categoryId: string): Promise<string[]> {
      const rows = await db
        .select({ id: groupCategoryAdmins.membershipId })
        .from(groupCategoryAdmins)
        .where(eq(groupCategoryAdmins.groupCategoryId, categoryId))
        .orderBy(asc(groupCategoryAdmins.createdAt), asc(groupCategoryAdmins.id));
      return rows.map((r) => r.id);
    },
    async count(categoryId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(groupCategoryAdmins)
        .where(eq(groupCategoryAdmins.groupCategoryId, categoryId));
      return row?.n ?? 0;
    },
    /** Adds an admin; false when they were one already. */
    async add(networkId: string, categoryId: string, membershipId: string): Promise<boolean> {
      const rows = await db
        .insert(groupCategoryAdmins)
        .values({ networkId, groupCategoryId: categoryId, membershipId })
        .onConflictDoNothing()
        .returning({ id: groupCategoryAdmins.id });
      return rows.length > 0;
    },
    /** Removes an admin; false when they were none. */
    async remove(categoryId: string, membershipId: string): Promise<boolean> {
      const rows = await db
        .delete(groupCategoryAdmins)
        .where(
          and(eq(groupCategoryAdmins.groupCategoryId, categoryId), eq(groupCategoryAdmins.membershipId, membershipId)),
        )
        .returning({ id: groupCategoryAdmins.id });
      return rows.length > 0;
    },
  };
}
