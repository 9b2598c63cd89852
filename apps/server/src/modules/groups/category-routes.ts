import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryAdministrationQuerySchema,
  groupCategoryBodySchema,
  groupCategoryOrderSchema,
  type CategoryAdministration,
  type GroupCategory,
} from '@agora/contracts';
import type { GroupsService } from './service.ts';

const TAGS = ['group_categories'];
const slugParams = z.object({ slug: z.string().max(200) });

/** Group categories: kept by network admins; a category's administration for its admins. */
export function groupCategoryRoutes(deps: { groups: GroupsService }) {
  const { groups } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/administration/group-categories',
      {
        config: { auth: 'network_admin' },
        schema: { tags: TAGS, summary: "The network's group categories in their order" },
      },
      async (request): Promise<GroupCategory[]> => groups.listCategories(request.actor!),
    );
    r.post(
      '/administration/group-categories',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: groupCategoryBodySchema,
          tags: TAGS,
          summary: 'Create a group category',
          description:
            'The slug comes from the name (a taken one gets -2, -3 ...) and never changes; the category goes last.',
        },
      },
      async (request, reply) =>
        reply.code(201).send(await groups.createCategory(request.actor!, request.body.group_category)),
    );
    r.put(
      '/administration/group-categories/order',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: groupCategoryOrderSchema,
          tags: TAGS,
          summary: 'Order the group categories',
          description:
            '`order`: every category slug of the network, each once. 204; 422 `order_mismatch` on `order` otherwise.',
        },
      },
      async (request, reply) => {
        await groups.reorderCategories(request.actor!, request.body.order);
        return reply.code(204).send();
      },
    );
    r.get(
      '/administration/group-categories/:slug',
      { config: { auth: 'network_admin' }, schema: { params: slugParams, tags: TAGS, summary: 'A group category' } },
      async (request): Promise<GroupCategory> => groups.category(request.actor!, request.params.slug),
    );
    r.put(
      '/administration/group-categories/:slug',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: slugParams,
          body: groupCategoryBodySchema,
          tags: TAGS,
          summary: 'Edit a group category',
          description: 'Name, plural name and colour; the slug stays.',
        },
      },
      async (request): Promise<GroupCategory> =>
        groups.updateCategory(request.actor!, request.params.slug, request.body.group_category),
    );
    r.get(
      '/api/v1/group-categories/:slug/administration',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          querystring: categoryAdministrationQuerySchema,
          tags: TAGS,
          summary: "A category's administration",
          description:
            "A page of the category's groups (`limit`, `offset`, `total`): all of them for its category admins and network admins, " +
            'the ones they administrate for admins of some of its groups; 403 for other members.',
        },
      },
      async (request): Promise<CategoryAdministration> =>
        groups.administration(request.actor!, request.params.slug, request.query),
    );
  };
}
