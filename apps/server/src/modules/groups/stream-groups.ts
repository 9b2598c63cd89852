import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { GroupAccess, GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { sharedWithinCount } from '../../platform/unreads/index.ts';
import { categoryAdminRowOf, isCategoryAdmin } from './category-admin-join.ts';
import { groupCategories, groupCategoryAdmins, groupMemberships, groups } from './tables.ts';

/** A group whose content (posts, agenda) a member may read, with the member's part in it. */
export type ContentGroup = {
  id: string;
  slug: string;
  name: string;
  access: GroupAccess;
  archived: boolean;
  category: { id: string; slug: string; name: string; position: number };
  /** The member's role; null for a group they only read (open, or as network administrator). */
  role: GroupRole | null;
  /** The membership's `subscribed` flag (false when not a member). */
  subscribed: boolean;
  /** The member administrates the group's category. */
  categoryAdmin: boolean;
};

/**
 * The groups whose content a member may read, the rule the group calendars follow: its members
 * always, network administrators always, other internal members when the group is open; a
 * closed or hidden group's content is its members' business. One query.
 */
export function createContentGroups(db: Db) {
  async function read(actor: Actor, ids?: string[]): Promise<ContentGroup[]> {
    if (ids && ids.length === 0) return [];
    const conditions: SQL[] = [eq(groups.networkId, actor.networkId)];
    if (ids) conditions.push(inArray(groups.id, [...new Set(ids)]));
    if (!actor.isNetworkAdmin) {
      conditions.push(
        actor.isExternal
          ? isNotNull(groupMemberships.id)
          : or(isNotNull(groupMemberships.id), eq(groups.access, 'open'))!,
      );
    }
    const rows = await db
      .select({
        id: groups.id,
        slug: groups.slug,
        name: groups.name,
        access: groups.access,
        archived: groups.archived,
        category: {
          id: groupCategories.id,
          slug: groupCategories.slug,
          name: groupCategories.name,
          position: groupCategories.position,
        },
        role: groupMemberships.role,
        subscribed: sql<boolean>`coalesce(${groupMemberships.subscribed}, false)`,
        categoryAdmin: isCategoryAdmin,
      })
      .from(groups)
      .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
      .leftJoin(
        groupMemberships,
        and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.membershipId, actor.membershipId)),
      )
      .leftJoin(groupCategoryAdmins, categoryAdminRowOf(actor.membershipId))
      .where(and(...conditions))
      .orderBy(asc(groups.id));
    return rows.map((row) => ({ ...row, role: row.role ?? null }));
  }
  // The activities' and the files' unread counters both ask for all of them.
  const all = sharedWithinCount((actor: Actor) => read(actor));
  return {
    contentGroups: (actor: Actor, ids?: string[]): Promise<ContentGroup[]> => (ids ? read(actor, ids) : all(actor)),
  };
}
