import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeSettingsBodySchema } from '@agora/contracts';
import { forbidden } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { MembersService } from '../members/index.ts';
import type { AccountsService } from './service.ts';

const params = z.object({ id: z.string().max(100) });

/** `/members/{id}/locale_settings`: a member's own language; nobody else's is anyone's business. */
export function localeSettingsRoutes(deps: { accounts: AccountsService; members: MembersService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // 404 for who cannot see the member at all, 403 for another member one can see.
    async function ownMembership(actor: Actor, id: string) {
      const membership = await deps.members.loadForActor(actor, id);
      if (membership.id !== actor.membershipId) throw forbidden();
    }

    r.get(
      '/members/:id/locale_settings',
      { config: { auth: 'member' }, schema: { params, tags: ['members'] } },
      async (request) => {
        const actor = request.actor!;
        await ownMembership(actor, request.params.id);
        return deps.accounts.localeSettings(request.network, actor.userId);
      },
    );

    r.put(
      '/members/:id/locale_settings',
      { config: { auth: 'member' }, schema: { params, body: localeSettingsBodySchema, tags: ['members'] } },
      async (request) => {
        const actor = request.actor!;
        await ownMembership(actor, request.params.id);
        return deps.accounts.updateLocale(request.network, actor, request.body.locale_settings.locale);
      },
    );
  };
}
