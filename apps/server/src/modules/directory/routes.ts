import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directoryQuerySchema, memberSearchQuerySchema } from '@agora/contracts';
import type { GroupsService } from '../groups/index.ts';
import type { DirectoryService } from './service.ts';

export function directoryRoutes(deps: { directory: DirectoryService; groups: GroupsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Also the members page: content negotiation sends requests for HTML to the web app.
    r.get(
      '/members',
      { config: { auth: 'member' }, schema: { querystring: memberSearchQuerySchema, tags: ['directory'] } },
      async (request) => deps.directory.searchMembers(request.actor!, request.query),
    );

    r.get(
      '/groups/:slug/members',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ slug: z.string().max(200) }),
          querystring: memberSearchQuerySchema,
          tags: ['directory'],
        },
      },
      async (request) => {
        const actor = request.actor!;
        const { group } = await deps.groups.loadForActor(actor, request.params.slug);
        return deps.directory.searchMembers(actor, request.query, group.id);
      },
    );

    r.get(
      '/directory',
      { config: { auth: 'member' }, schema: { querystring: directoryQuerySchema, tags: ['directory'] } },
      async (request) => deps.directory.directory(request.actor!, request.query),
    );
  };
}
