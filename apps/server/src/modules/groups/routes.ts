import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentGroup } from './present.ts';
import type { GroupsService } from './service.ts';

export function groupRoutes(deps: { groups: GroupsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v1/groups/:slug',
      { config: { auth: 'member' }, schema: { params: z.object({ slug: z.string().max(200) }), tags: ['groups'] } },
      async (request) => {
        const actor = request.actor!;
        const subject = await deps.groups.loadForActor(actor, request.params.slug);
        return presentGroup(actor, subject, await deps.groups.memberCount(subject.group.id));
      },
    );
    r.get('/api/v1/userbar/groups', { config: { auth: 'member' }, schema: { tags: ['groups'] } }, async (request) =>
      deps.groups.userbarGroups(request.actor!),
    );
  };
}
