import { CATEGORY_ADMIN_LIMITS } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import { createCategoryAdminRepository } from './category-admin-repository.ts';
import { groupCategoryPolicy } from './category-policy.ts';
import type { createGroupsRepository, GroupCategoryRow } from './repository.ts';

export const GROUP_CATEGORY_ADMIN_APPOINTED = 'group_category.admin_appointed';
export const GROUP_CATEGORY_ADMIN_REMOVED = 'group_category.admin_removed';

/**
 * The administrators of a group category, appointed and removed by the network's administrators
 * (who decide the network's structure). Whether someone is a member of the network is the
 * caller's to check (the groups module knows no members).
 */
export function createCategoryAdmins(deps: {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  repository: Pick<ReturnType<typeof createGroupsRepository>, 'categoryBySlug'>;
}) {
  const { events, repository } = deps;

  async function load(actor: Actor, slug: string): Promise<GroupCategoryRow> {
    const category = await repository.categoryBySlug(actor.networkId, slug);
    if (!category) throw notFound();
    authorize(groupCategoryPolicy, 'update', actor, { category, categoryAdmin: false, administratesAGroup: false });
    return category;
  }

  const record = (tx: Db, actor: Actor, type: string, category: GroupCategoryRow, membershipId: string) =>
    events.record(tx, {
      networkId: actor.networkId,
      type,
      actorId: actor.membershipId,
      subject: { type: 'group_category', id: category.id },
      changes: { membership_id: membershipId, name: category.name },
    });

  return {
    /** The ids of a category's admins, the longest-serving first (404 unknown, 403 for non-admins). */
    async list(actor: Actor, slug: string): Promise<string[]> {
      const category = await load(actor, slug);
      return createCategoryAdminRepository(deps.db).membershipIds(category.id);
    },
    /** Makes a member an admin of the category (once); answers the admins' ids. */
    async appoint(actor: Actor, slug: string, membershipId: string): Promise<string[]> {
      const category = await load(actor, slug);
      const all = createCategoryAdminRepository(deps.db);
      if ((await all.count(category.id)) >= CATEGORY_ADMIN_LIMITS.max)
        throw unprocessable({ membership_id: ['too_many'] });
      await events.transaction(async (tx) => {
        if (await createCategoryAdminRepository(tx).add(actor.networkId, category.id, membershipId))
          await record(tx, actor, GROUP_CATEGORY_ADMIN_APPOINTED, category, membershipId);
      });
      return all.membershipIds(category.id);
    },
    /** Takes the role away; 404 for someone who is no admin of the category. */
    async remove(actor: Actor, slug: string, membershipId: string): Promise<void> {
      const category = await load(actor, slug);
      await events.transaction(async (tx) => {
        if (!(await createCategoryAdminRepository(tx).remove(category.id, membershipId))) throw notFound();
        await record(tx, actor, GROUP_CATEGORY_ADMIN_REMOVED, category, membershipId);
      });
    },
  };
}
