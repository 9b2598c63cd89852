import {
  GROUP_ERROR_KEYS,
  GROUP_LIMITS,
  type CategoryAdministration,
  type GroupCategory,
  type GroupCategoryBody,
  type groupCategoryBodySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { abilities, authorize, type Actor } from '../../platform/policy/index.ts';
import type { AdministrationCache } from './administration-cache.ts';
import { groupCategoryPolicy, type CategorySubject } from './category-policy.ts';
import type { createGroupsRepository, GroupCategoryRow } from './repository.ts';
import { uniqueSlug } from './slugs.ts';

export const GROUP_CATEGORY_CREATED = 'group_category.created';
export const GROUP_CATEGORY_UPDATED = 'group_category.updated';
export const GROUP_CATEGORY_REORDERED = 'group_category.reordered';

/** Words of the category routes (`/administration/group-categories/order`, `.../new`). */
const RESERVED_SLUGS = ['order', 'new'];

type CategoryInput = z.output<typeof groupCategoryBodySchema>['group_category'];
export type { GroupCategoryBody };

export type CategoryDeps = {
  events: Pick<Events, 'transaction' | 'record'>;
  repository: ReturnType<typeof createGroupsRepository>;
  administration: Pick<AdministrationCache, 'of'>;
};

export function presentCategory(actor: Actor, subject: CategorySubject): GroupCategory {
  const { category } = subject;
  const can = abilities(groupCategoryPolicy, actor, subject);
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    plural_name: category.pluralName,
    color: category.color,
    order: category.position,
    can: { update: can.update, create: can.create, administrate: can.administrate },
  };
}

/** Group categories: their administration by the network's admins, and the per-category administration. */
export function createCategoryAdministration(deps: CategoryDeps) {
  const { repository, events } = deps;

  /** What the actor is in some categories: their admin, or an admin of a group in them (cached sets). */
  async function subjects(actor: Actor, categories: GroupCategoryRow[]): Promise<CategorySubject[]> {
    // Network admins may do everything in every category: nothing to look up.
    const sets = actor.isNetworkAdmin ? null : await deps.administration.of(actor.networkId, actor.membershipId);
    return categories.map((category) => ({
      category,
      categoryAdmin: sets?.categoryAdmin.has(category.id) ?? false,
      administratesAGroup: sets?.groupAdmin.has(category.id) ?? false,
    }));
  }

  async function load(actor: Actor, slug: string): Promise<CategorySubject> {
    const category = await repository.categoryBySlug(actor.networkId, slug);
    if (!category) throw notFound();
    return (await subjects(actor, [category]))[0]!;
  }

  return {
    categorySubjects: subjects,

    /** Every category of the network in order (the order page). */
    async listCategories(actor: Actor): Promise<GroupCategory[]> {
      const rows = await repository.categories(actor.networkId);
      return (await subjects(actor, rows)).map((s) => presentCategory(actor, s));
    },

    async category(actor: Actor, slug: string): Promise<GroupCategory> {
      return presentCategory(actor, await load(actor, slug));
    },

    /** `POST /administration/group-categories`: the slug comes from the name, once; it goes last. */
    async createCategory(actor: Actor, input: CategoryInput): Promise<GroupCategory> {
      const existing = await repository.categories(actor.networkId);
      if (existing.length >= GROUP_LIMITS.categoriesMax) throw unprocessable({ name: ['too_many'] });
      const position = existing.reduce((max, c) => Math.max(max, c.position + 1), 0);
      const write = () =>
        events.transaction(async (tx) => {
          const base = uniqueSlug(input.name, new Set(), { fallback: 'category' });
          const taken = await repository.slugsLike('categories', actor.networkId, base, tx);
          const slug = uniqueSlug(input.name, taken, { fallback: 'category', reserved: RESERVED_SLUGS });
          const [row] = await repository.insertCategories(
            [
              {
                networkId: actor.networkId,
                slug,
                name: input.name,
                pluralName: input.plural_name,
                color: input.color,
                position,
              },
            ],
            tx,
          );
          await events.record(tx, {
            networkId: actor.networkId,
            type: GROUP_CATEGORY_CREATED,
            actorId: actor.membershipId,
            subject: { type: 'group_category', id: row!.id },
            changes: { name: row!.name, slug: row!.slug },
          });
          return row!;
        });
      let row: GroupCategoryRow;
      try {
        row = await write();
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        row = await write();
      }
      return presentCategory(actor, { category: row, categoryAdmin: false, administratesAGroup: false });
    },

    /** `PUT /administration/group-categories/{slug}`: names and colour; the slug stays. */
    async updateCategory(actor: Actor, slug: string, input: CategoryInput): Promise<GroupCategory> {
      const subject = await load(actor, slug);
      authorize(groupCategoryPolicy, 'update', actor, subject);
      const row = await events.transaction(async (tx) => {
        const saved = await repository.updateCategory(
          subject.category.id,
          { name: input.name, pluralName: input.plural_name, color: input.color },
          tx,
        );
        await events.record(tx, {
          networkId: actor.networkId,
          type: GROUP_CATEGORY_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'group_category', id: saved.id },
          changes: { name: saved.name, slug: saved.slug },
        });
        return saved;
      });
      return presentCategory(actor, { ...subject, category: row });
    },

    /** `PUT /administration/group-categories/order`: exactly the network's slugs, each once, else 422. */
    async reorderCategories(actor: Actor, order: string[]): Promise<void> {
      const rows = await repository.categories(actor.networkId);
      const bySlug = new Map(rows.map((r) => [r.slug, r]));
      const unique = new Set(order);
      if (unique.size !== order.length || order.length !== rows.length || !order.every((s) => bySlug.has(s)))
        throw unprocessable({ order: [GROUP_ERROR_KEYS.orderMismatch] });
      await events.transaction(async (tx) => {
        await repository.reorderCategories(
          actor.networkId,
          order.map((slug) => bySlug.get(slug)!.id),
          tx,
        );
        await events.record(tx, {
          networkId: actor.networkId,
          type: GROUP_CATEGORY_REORDERED,
          actorId: actor.membershipId,
          subject: { type: 'network', id: actor.networkId },
          changes: { order },
        });
      });
    },

    /**
     * `GET /api/v1/group-categories/{slug}/administration`: a page of the category's groups. Its
     * admins and the network's see them all; an admin of some of its groups sees those.
     */
    async administration(
      actor: Actor,
      slug: string,
      page: { limit: number; offset: number },
    ): Promise<CategoryAdministration> {
      const subject = await load(actor, slug);
      authorize(groupCategoryPolicy, 'administrate', actor, subject);
      const all = actor.isNetworkAdmin || subject.categoryAdmin;
      const only = all ? null : await repository.adminGroupIdsIn(subject.category.id, actor.membershipId);
      const { rows, total } = await repository.categoryGroups(subject.category.id, only, page.limit, page.offset);
      const counts = await repository.memberCounts(rows.map((r) => r.id));
      return {
        group_category: presentCategory(actor, subject),
        groups: rows.map((g) => ({
          id: g.id,
          slug: g.slug,
          name: g.name,
          access: g.access,
          archived: g.archived,
          active_main_group: g.activeMainGroup,
          member_count: counts.get(g.id) ?? 0,
          can: { administrate: true },
        })),
        total,
      };
    },
  };
}
