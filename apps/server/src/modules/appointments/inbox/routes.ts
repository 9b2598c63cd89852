import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitesQuerySchema, participationsQuerySchema } from '@agora/contracts';
import type { AppointmentsService } from '../service.ts';

const TAGS = ['invites'];
const idParams = z.object({ id: z.string().max(64) });

/** The invites inbox calls of the calendars spec, section 7. */
export function inboxRoutes(deps: { appointments: AppointmentsService }) {
  const { appointments } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/invites',
      { config: { auth: 'member' }, schema: { querystring: invitesQuerySchema, tags: TAGS } },
      async (request) => appointments.invites(request.actor!, request.query),
    );

    for (const answer of ['accept', 'reject'] as const) {
      r.post(
        `/api/v1/invites/:id/${answer}`,
        { config: { auth: 'member' }, schema: { params: idParams, tags: TAGS } },
        async (request) => appointments.answerInvite(request.actor!, request.params.id, answer),
      );
    }

    r.get(
      '/api/v1/participations',
      { config: { auth: 'member' }, schema: { querystring: participationsQuerySchema, tags: TAGS } },
      async (request) => appointments.participations(request.actor!, request.query),
    );
  };
}
