import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryAdminBodySchema, type CategoryAdmin } from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import { presentMemberOption, type MembersService } from '../members/index.ts';
import type { GroupsService } from './service.ts';

const TAGS = ['group_categories'];
const slugParams = z.object({ slug: z.string().max(200) });
const adminParams = slugParams.extend({ membershipId: z.string().max(64) });

/** The administrators of a group category, for the network's administrators. */
export function categoryAdminRoutes(deps: { groups: GroupsService; members: Pick<MembersService, 'findMany'> }) {
  const { groups, members } = deps;

  /** The admins as pickers show members, in the order given (one query). */
  async function present(networkId: string, ids: string[]): Promise<CategoryAdmin[]> {
    const rows = new Map((await members.findMany(networkId, ids)).map((m) => [m.id, m]));
    return ids.flatMap((id) => {
      const m = rows.get(id);
      return m ? [{ ...presentMemberOption(m), path: `/members/${m.id}` }] : [];
    });
  }

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/administration/group-categories/:slug/admins',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: slugParams,
          tags: TAGS,
          summary: "A group category's administrators",
          description: 'Who administrates every group of the category, the longest-serving first.',
        },
      },
      async (request): Promise<CategoryAdmin[]> => {
        const actor = request.actor!;
        return present(actor.networkId, await groups.categoryAdmins.list(actor, request.params.slug));
      },
    );
    r.post(
      '/administration/group-categories/:slug/admins',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: slugParams,
          body: categoryAdminBodySchema,
          tags: TAGS,
          summary: 'Appoint a group category administrator',
          description:
            '`membership_id`: a member of the network (not locked, no guest, no contact; 422 `invalid` otherwise). ' +
            'Appointing someone who is an admin already changes nothing. 201 with the admins.',
        },
      },
      async (request, reply) => {
        const actor = request.actor!;
        const [member] = await members.findMany(actor.networkId, [request.body.membership_id]);
        if (!member || member.lockedAt || member.isExternal || member.kind !== 'member')
          throw unprocessable({ membership_id: ['invalid'] });
        const ids = await groups.categoryAdmins.appoint(actor, request.params.slug, member.id);
        return reply.code(201).send(await present(actor.networkId, ids));
      },
    );
    r.delete(
      '/administration/group-categories/:slug/admins/:membershipId',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: adminParams,
          tags: TAGS,
          summary: 'Remove a group category administrator',
          description: 'They stay admins of the groups they administrate themselves. 204; 404 for someone who is none.',
        },
      },
      async (request, reply) => {
        await groups.categoryAdmins.remove(request.actor!, request.params.slug, request.params.membershipId);
        return reply.code(204).send();
      },
    );
  };
}
