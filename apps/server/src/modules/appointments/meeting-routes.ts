import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppointmentsService } from './service.ts';

const idParams = z.object({ id: z.string().max(64) });

/** `POST /appointments/{id}/start-meeting` (calendars spec, section 7): where its room's meeting is joined. */
export function startMeetingRoutes(deps: { appointments: AppointmentsService }) {
  const { appointments } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/appointments/:id/start-meeting',
      { config: { auth: 'member' }, schema: { params: idParams, tags: ['appointments'] } },
      async (request) => {
        const actor = request.actor!;
        return appointments.startMeeting(actor, await appointments.load(actor, request.params.id));
      },
    );
  };
}
