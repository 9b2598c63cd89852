import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { allows } from '../../platform/policy/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { memberPolicy } from './policy.ts';
import { presentMember } from './present.ts';
import type { MembersService } from './service.ts';

export function memberRoutes(deps: { members: MembersService; networks: NetworksService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/members/:id',
      { config: { auth: 'member' }, schema: { params: z.object({ id: z.string() }), tags: ['members'] } },
      async (request) => {
        const actor = request.actor!;
        const id = idSchema.safeParse(request.params.id);
        const membership = id.success ? await deps.members.find(actor.networkId, id.data) : undefined;
        if (!membership) throw notFound();
        const network = await deps.networks.get(actor.networkId);
        const settings = deps.networks.settings(network!);
        const subject = { membership, guestUsersAllowChat: settings.guest_users_allow_chat };
        if (!allows(memberPolicy, 'read', actor, subject)) throw notFound();
        return presentMember(actor, subject);
      },
    );
  };
}
