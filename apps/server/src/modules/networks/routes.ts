import type { FastifyInstance } from 'fastify';
import type { SignInTexts } from '@agora/contracts';
import type { GroupsService } from '../groups/index.ts';
import { presentNetworkShell } from './present.ts';
import type { NetworksService } from './service.ts';

export function networkRoutes(deps: { networks: NetworksService; groups: GroupsService; officeDocuments?: boolean }) {
  return async (app: FastifyInstance) => {
    app.get('/api/v1/network', { config: { auth: 'member' }, schema: { tags: ['network'] } }, async (request) => {
      const actor = request.actor!;
      const [network, categories, rootFolderId] = await Promise.all([
        deps.networks.get(actor.networkId),
        deps.groups.categoriesForShell(actor),
        deps.networks.rootFolderId(actor),
      ]);
      return presentNetworkShell(actor, network!, categories, rootFolderId, deps.officeDocuments);
    });

    app.get(
      '/api/v1/network/sign_in',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['network'],
          summary: "The sign-in page's texts",
          description:
            "For visitors: the network's name and the texts its administrators set for the sign-in page (`devise_text_before`, `_between`, `_after` of the settings) as `texts.before`, `between` and `after` (plain text; empty when unset).",
        },
      },
      async (request): Promise<SignInTexts> => {
        const network = await deps.networks.get(request.network.id);
        const settings = deps.networks.settings(network!);
        return {
          name: network!.name,
          texts: {
            before: settings.devise_text_before,
            between: settings.devise_text_between,
            after: settings.devise_text_after,
          },
        };
      },
    );
  };
}
