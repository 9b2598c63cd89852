import type { StorageOwnerPolicy } from '../../platform/storage/index.ts';
import { allows } from '../../platform/policy/index.ts';
import { groupPolicy } from './policy.ts';
import type { createGroupsRepository } from './repository.ts';

/** The owner type of a group's own uploads (its profile image). */
export const GROUP_OWNER = 'group';

/** A group's image is seen by whoever may see the group, and changed by whoever may edit it. */
export function groupStorageOwner(repository: ReturnType<typeof createGroupsRepository>): StorageOwnerPolicy {
  return {
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId) return new Set();
      const rows = await repository.withRoles(networkId, actor.membershipId, ownerIds);
      const categoryAdmin = await repository.categoryAdminOf(
        actor.membershipId,
        rows.map((r) => r.group.groupCategoryId),
      );
      return new Set(
        rows
          .filter((row) =>
            allows(groupPolicy, 'read', actor, { ...row, categoryAdmin: categoryAdmin.has(row.group.groupCategoryId) }),
          )
          .map((row) => row.group.id),
      );
    },
    async canUpdate(actor, ownerId) {
      const [row] = await repository.withRoles(actor.networkId, actor.membershipId, [ownerId]);
      if (!row) return false;
      const categoryAdmin =
        (await repository.categoryAdminOf(actor.membershipId, [row.group.groupCategoryId])).size > 0;
      return allows(groupPolicy, 'update', actor, { ...row, categoryAdmin });
    },
  };
}
