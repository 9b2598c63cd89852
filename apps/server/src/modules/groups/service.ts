import type { GroupAccess, GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';
import { presentShellCategory } from './present.ts';
import { createGroupsRepository } from './repository.ts';

export type GroupsService = ReturnType<typeof createGroupsService>;

export type NewGroupCategory = { slug: string; name: string; pluralName: string; color?: string; position?: number };
export type NewGroup = {
  groupCategoryId: string;
  slug: string;
  name: string;
  access?: GroupAccess;
  teaser?: string;
  moderatedJoin?: boolean;
  externallyVisible?: boolean;
};

export function createGroupsService(db: Db) {
  const repository = createGroupsRepository(db);
  return {
    async categoriesForShell(actor: Actor) {
      const categories = await repository.categories(actor.networkId);
      const administrated = actor.isNetworkAdmin
        ? new Set<string>()
        : await repository.categoryIdsAdministratedBy(
            actor.membershipId,
            categories.map((c) => c.id),
          );
      return categories.map((c) => presentShellCategory(actor, c, administrated.has(c.id)));
    },
    /** A group the actor may see, with the actor's role in it; 404 when unreadable or foreign. */
    async loadForActor(actor: Actor, slug: string): Promise<GroupSubject> {
      const group = await repository.groupBySlug(actor.networkId, slug);
      if (!group) throw notFound();
      const subject = { group, role: await repository.roleOf(group.id, actor.membershipId) };
      if (!allows(groupPolicy, 'read', actor, subject)) throw notFound();
      return subject;
    },
    memberCount: repository.memberCount,
    createCategories(networkId: string, categories: NewGroupCategory[]) {
      return repository.insertCategories(categories.map((c) => ({ ...c, networkId })));
    },
    createGroups(networkId: string, groups: NewGroup[]) {
      return repository.insertGroups(groups.map((g) => ({ ...g, networkId })));
    },
    addMembers(networkId: string, entries: Array<{ groupId: string; membershipId: string; role?: GroupRole }>) {
      return repository.insertMemberships(entries.map((e) => ({ ...e, networkId })));
    },
  };
}
