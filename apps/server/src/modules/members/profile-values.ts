import { and, asc, eq, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { MembershipRow } from './repository.ts';
import { memberships } from './tables.ts';

/** A member with one value of their profile, and what names and shows them. */
export type MemberProfileValueRow = Pick<
  MembershipRow,
  'id' | 'networkId' | 'firstName' | 'lastName' | 'displayName' | 'profileImageId'
> & { value: unknown };

export type ProfileValueQuery = {
  /** One network, or all of them (the maps' hourly sweep). */
  networkId?: string | undefined;
  /** Membership ids (a group's members, as a subquery) the result keeps to. */
  onlyIds?: SQLWrapper | undefined;
  /** Ids after this one only: the rows come in id order, so a walk resumes where it stopped. */
  afterId?: string | undefined;
  limit: number;
};

/**
 * Members who sign in, are not locked and have a value under a profile key, in id order: what
 * the maps place by the address (one statement, no join of other modules' tables).
 */
export function createMemberProfileValues(db: Db) {
  return {
    async withProfileValue(key: string, query: ProfileValueQuery): Promise<MemberProfileValueRow[]> {
      const conditions: SQL[] = [
        isNull(memberships.lockedAt),
        eq(memberships.kind, 'member'),
        sql`jsonb_exists(${memberships.profile}, ${key})`,
      ];
      if (query.networkId) conditions.push(eq(memberships.networkId, query.networkId));
      if (query.onlyIds) conditions.push(inArray(memberships.id, query.onlyIds));
      if (query.afterId) conditions.push(gt(memberships.id, query.afterId));
      return db
        .select({
          id: memberships.id,
          networkId: memberships.networkId,
          firstName: memberships.firstName,
          lastName: memberships.lastName,
          displayName: memberships.displayName,
          profileImageId: memberships.profileImageId,
          value: sql<unknown>`${memberships.profile} -> ${key}`,
        })
        .from(memberships)
        .where(and(...conditions))
        .orderBy(asc(memberships.id))
        .limit(query.limit);
    },
    /**
     * Adds or replaces some profile values of members, keeping their other values (seeds and
     * imports; one statement per member).
     */
    async mergeProfileValues(networkId: string, entries: Array<{ id: string; values: Record<string, unknown> }>) {
      for (const { id, values } of entries) {
        await db
          .update(memberships)
          .set({ profile: sql`${memberships.profile} || ${JSON.stringify(values)}::jsonb`, updatedAt: new Date() })
          .where(and(eq(memberships.networkId, networkId), eq(memberships.id, id)));
      }
    },
  };
}
