import type { FastifyInstance } from 'fastify';
import type { UnreadsRegistry } from './registry.ts';

export function unreadsRoutes(deps: { unreads: UnreadsRegistry }) {
  return async (app: FastifyInstance) => {
    app.get('/api/v1/unreads', { config: { auth: 'member' }, schema: { tags: ['unreads'] } }, async (request) =>
      deps.unreads.count(request.actor!),
    );
  };
}
