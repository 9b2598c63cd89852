import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_FAILURES_PER_PAGE, type EventFailuresPage } from '@agora/contracts';
import { notFound } from '../errors.ts';
import type { Events } from './events.ts';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const idParams = z.object({ id: z.string().max(32) });

/**
 * The network's event deliveries that failed for good (a processor gave up after its last try),
 * for network admins to see and to try again.
 */
export function eventFailureRoutes(deps: { events: Pick<Events, 'failures' | 'retry'> }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/administration/event_failures',
      { config: { auth: 'network_admin' }, schema: { querystring: pageQuery, tags: ['administration'] } },
      async (request): Promise<EventFailuresPage> => {
        const { page } = request.query;
        const { rows, total } = await deps.events.failures(request.actor!.networkId, page, EVENT_FAILURES_PER_PAGE);
        return {
          failures: rows.map((row) => ({
            id: row.id,
            processor: row.processor,
            event_type: row.eventType,
            subject: { type: row.subjectType, id: row.subjectId },
            attempts: row.attempts,
            last_error: row.lastError,
            created_at: row.createdAt.toISOString(),
          })),
          total,
          page,
          per: EVENT_FAILURES_PER_PAGE,
        };
      },
    );

    r.post(
      '/api/v1/administration/event_failures/:id/retry',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: ['administration'],
          description:
            'Tries a failed delivery again at once; 404 for an id that is no failed delivery of the network.',
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const deliveryId = /^\d{1,15}$/.test(id) ? Number(id) : null;
        if (deliveryId === null || !(await deps.events.retry(request.actor!.networkId, deliveryId))) throw notFound();
        return reply.code(204).send();
      },
    );
  };
}
