import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, notificationsQuerySchema } from '@agora/contracts';
import type { NotificationsService } from './service.ts';

export function notificationRoutes(deps: { notifications: NotificationsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/notifications',
      { config: { auth: 'member' }, schema: { querystring: notificationsQuerySchema, tags: ['notifications'] } },
      async (request) => deps.notifications.list(request.actor!, request.query),
    );

    r.post(
      '/api/v1/notifications/:id/read',
      { config: { auth: 'member' }, schema: { params: z.object({ id: idSchema }), tags: ['notifications'] } },
      async (request) => deps.notifications.markRead(request.actor!, request.params.id),
    );

    r.post(
      '/api/v1/notifications/read',
      { config: { auth: 'member' }, schema: { tags: ['notifications'] } },
      async (request) => deps.notifications.markAllRead(request.actor!),
    );
  };
}
