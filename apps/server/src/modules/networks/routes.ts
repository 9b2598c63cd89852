import type { FastifyInstance } from 'fastify';
import type { GroupsService } from '../groups/index.ts';
import { presentNetworkShell } from './present.ts';
import type { NetworksService } from './service.ts';

export function networkRoutes(deps: { networks: NetworksService; groups: GroupsService }) {
  return async (app: FastifyInstance) => {
    app.get('/api/v1/network', { config: { auth: 'member' }, schema: { tags: ['network'] } }, async (request) => {
      const actor = request.actor!;
      const [network, categories] = await Promise.all([
        deps.networks.get(actor.networkId),
        deps.groups.categoriesForShell(actor),
      ]);
      return presentNetworkShell(actor, network!, categories);
    });
  };
}
