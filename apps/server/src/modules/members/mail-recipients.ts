import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { memberships } from './tables.ts';

/** The network's members who sign in and can act: not locked, not deleted. */
export function activeMemberOf(networkId: string): SQL {
  return and(
    eq(memberships.networkId, networkId),
    eq(memberships.kind, 'member'),
    isNull(memberships.lockedAt),
    isNull(memberships.deletedAt),
  )!;
}

/** The members mails of the whole network go to (digests). */
export function createMailRecipients(db: Db) {
  return {
    /**
     * The network's members who sign in and can act (not locked, not deleted), with what an
     * actor of theirs needs: one query.
     */
    async activeMembers(networkId: string) {
      return db
        .select({
          id: memberships.id,
          userId: memberships.userId,
          firstName: memberships.firstName,
          isExternal: memberships.isExternal,
          networkAdmin: memberships.networkAdmin,
        })
        .from(memberships)
        .where(activeMemberOf(networkId))
        .orderBy(asc(memberships.id));
    },
  };
}
