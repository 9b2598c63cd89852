import type { Db } from '../../platform/db/client.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { createDirectoryRepository } from './directory-repository.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import type { GroupCategoryRow } from './repository.ts';

export type CategoryGroupsOptions = { terms: string[]; limit: number; offset: number };

/** A readable group of a category tab with its member count. */
export type CategoryGroupEntry = GroupSubject & { memberCount: number };

/** The directory's category tabs: the groups service's part for them. */
export function createCategoryDirectory(db: Db) {
  const repository = createDirectoryRepository(db);
  return {
    /** A category of the actor's network by id or slug, or undefined. */
    directoryCategory(actor: Actor, idOrSlug: string): Promise<GroupCategoryRow | undefined> {
      return repository.category(actor.networkId, idOrSlug);
    },
    /**
     * A page of the category's groups the actor may see (hidden ones only for their members,
     * the category's and the network's admins), with member counts: four queries per page.
     */
    async categoryGroups(
      actor: Actor,
      category: GroupCategoryRow,
      options: CategoryGroupsOptions,
    ): Promise<{ entries: CategoryGroupEntry[]; total: number }> {
      const categoryAdmin = actor.isNetworkAdmin
        ? false
        : await repository.isCategoryAdmin(category.id, actor.membershipId);
      const { rows, total } = await repository.categoryGroups({
        networkId: actor.networkId,
        categoryId: category.id,
        membershipId: actor.membershipId,
        isNetworkAdmin: actor.isNetworkAdmin,
        isExternal: actor.isExternal,
        categoryAdmin,
        ...options,
      });
      const readable = rows
        .map((row) => ({ ...row, categoryAdmin }))
        .filter((subject) => allows(groupPolicy, 'read', actor, subject));
      const counts = await repository.memberCounts(readable.map((s) => s.group.id));
      return { entries: readable.map((s) => ({ ...s, memberCount: counts.get(s.group.id) ?? 0 })), total };
    },
  };
}
