import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deriveTheme, designBodySchema, parseTheme, type ActiveTheme } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import { networkPolicy } from './policy.ts';
import type { NetworksService } from './service.ts';

export type DesignDeps = {
  networks: NetworksService;
  /**
   * Makes the uploaded logo and favicon the network's own (readable on every page, public ones
   * included); answers 422 for ids that are not the actor's uploads or the network's images.
   */
  attachImages(actor: Actor, ids: string[]): Promise<void>;
};

/** The network's design: `GET` and `PUT /api/v1/administration/design`, for network admins. */
export function designRoutes(deps: DesignDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    async function loadAdministrable(actor: Actor) {
      const network = await deps.networks.get(actor.networkId);
      if (!network) throw notFound();
      authorize(networkPolicy, 'administrate', actor, network);
      return network;
    }

    r.get(
      '/api/v1/administration/design',
      { config: { auth: 'network_admin' }, schema: { tags: ['administration'] } },
      async (request): Promise<{ theme: ActiveTheme }> => {
        const network = await loadAdministrable(request.actor!);
        return { theme: deriveTheme(parseTheme(network.theme)) };
      },
    );

    r.put(
      '/api/v1/administration/design',
      { config: { auth: 'network_admin' }, schema: { body: designBodySchema, tags: ['administration'] } },
      async (request): Promise<{ theme: ActiveTheme }> => {
        const actor = request.actor!;
        await loadAdministrable(actor);
        const { theme } = request.body;
        const imageIds = [theme.logoImage?.id, theme.faviconImage?.id].filter((id): id is string => !!id);
        await deps.attachImages(actor, imageIds);
        const saved = await deps.networks.updateTheme(actor.networkId, theme, actor.membershipId);
        return { theme: deriveTheme(parseTheme(saved!.theme)) };
      },
    );
  };
}
