import { and, eq, sql, type SQL } from 'drizzle-orm';
import { groupCategoryAdmins, groups } from './tables.ts';

/**
 * A query over groups that must know whether the member administers each group's category
 * left-joins `groupCategoryAdmins` on this and selects `isCategoryAdmin`.
 */
export const categoryAdminRowOf = (membershipId: string): SQL =>
  and(
    eq(groupCategoryAdmins.groupCategoryId, groups.groupCategoryId),
    eq(groupCategoryAdmins.membershipId, membershipId),
  )!;

export const isCategoryAdmin = sql<boolean>`${groupCategoryAdmins.id} is not null`;
