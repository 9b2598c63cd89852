import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_PATTERN, OUTBOX_PER_PAGE, type OutboxMail, type OutboxPage } from '@agora/contracts';
import { notFound } from '../errors.ts';
import type { Outbox } from './outbox.ts';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** The outbox for network admins: the mails of their own network only. */
export function outboxRoutes(deps: { outbox: Outbox }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/administration/mails',
      { config: { auth: 'network_admin' }, schema: { querystring: pageQuery, tags: ['administration'] } },
      async (request): Promise<OutboxPage> => {
        const { page } = request.query;
        const { rows, total } = await deps.outbox.page(request.actor!.networkId, page, OUTBOX_PER_PAGE);
        return {
          mails: rows.map((row) => ({
            id: row.id,
            to: row.to,
            subject: row.subject,
            delivery_error: row.deliveryError,
            created_at: row.createdAt.toISOString(),
          })),
          total,
          page,
          per: OUTBOX_PER_PAGE,
        };
      },
    );

    r.get(
      '/api/v1/administration/mails/:id',
      {
        config: { auth: 'network_admin' },
        schema: { params: z.object({ id: z.string().max(64) }), tags: ['administration'] },
      },
      async (request): Promise<OutboxMail> => {
        const { id } = request.params;
        const row = ID_PATTERN.test(id) ? await deps.outbox.find(request.actor!.networkId, id) : undefined;
        if (!row) throw notFound();
        return {
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          delivery_error: row.deliveryError,
          created_at: row.createdAt.toISOString(),
        };
      },
    );
  };
}
