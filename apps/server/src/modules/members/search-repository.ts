import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { MembershipRow } from './repository.ts';
import { memberships } from './tables.ts';

/**
 * What global search reads of memberships: the members the member search finds (who sign in,
 * not locked; a deleted member is locked too), in id order.
 */
export function createMemberSearchRepository(db: Db) {
  function findable(networkId: string) {
    return [eq(memberships.networkId, networkId), eq(memberships.kind, 'member'), isNull(memberships.lockedAt)];
  }
  return {
    byIds(networkId: string, ids: string[]): Promise<MembershipRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(memberships)
        .where(and(...findable(networkId), inArray(memberships.id, ids)));
    },
    page(networkId: string, afterId: string | null, limit: number): Promise<MembershipRow[]> {
      const after = afterId === null ? [] : [gt(memberships.id, afterId)];
      return db
        .select()
        .from(memberships)
        .where(and(...findable(networkId), ...after))
        .orderBy(asc(memberships.id))
        .limit(limit);
    },
  };
}

export type MemberSearchRepository = ReturnType<typeof createMemberSearchRepository>;
