import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { allows } from '../../platform/policy/index.ts';
import type { StorageOwnerPolicy } from '../../platform/storage/index.ts';
import { memberPolicy } from './policy.ts';
import { createMembersRepository } from './repository.ts';
import { memberships } from './tables.ts';

/** The storage owner type of members' profile images (directory `images`). */
export const MEMBERSHIP_OWNER = 'membership';

/**
 * Members' profile images: who sees them, and which one a member shows. `showsLocked` tells
 * whether a network shows its locked members (`show_locked_memberships`).
 */
export function createMemberProfileImages(db: Db, showsLocked: (networkId: string) => Promise<boolean>) {
  const repository = createMembersRepository(db);

  /**
   * A member's image is seen by whoever may see the member: the members of the network (a
   * locked member's by administrators only, unless the network shows locked members); never
   * anonymous visitors.
   */
  const profileImageOwner: StorageOwnerPolicy = {
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId) return new Set();
      const rows = await repository.findByIds(networkId, ownerIds);
      // The setting is read only when it matters.
      const showLocked = rows.some((row) => row.lockedAt) && (await showsLocked(networkId));
      return new Set(
        rows
          .filter((membership) =>
            allows(memberPolicy, 'read', actor, { membership, guestUsersAllowChat: false, showLocked }),
          )
          .map((membership) => membership.id),
      );
    },
  };

  return {
    profileImageOwner,
    /**
     * Points the member at an image already attached to them (owner `membership`), or at none.
     * Uploading one's own image comes with the profile editor; the demo seeds some.
     */
    async setProfileImage(networkId: string, membershipId: string, imageId: string | null, tx: Db = db) {
      const [row] = await tx
        .update(memberships)
        .set({ profileImageId: imageId, updatedAt: new Date() })
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, membershipId)))
        .returning();
      return row;
    },
  };
}
