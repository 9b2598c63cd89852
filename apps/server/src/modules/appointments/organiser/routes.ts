import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentPatchSchema, cancelBodySchema, contactBodySchema } from '@agora/contracts';
import { contentDisposition } from '../../../platform/storage/index.ts';
import type { AppointmentsService } from '../service.ts';

const TAGS = ['appointments'];
const idParams = z.object({ id: z.string().max(64) });

/**
 * The organiser's calls of the calendars spec, section 7: cancel, lock participation (PATCH),
 * contact attendees and the attendee exports. The exports' paths end in `.csv` and `.xlsx`:
 * content negotiation leaves paths with an extension to the routes.
 */
export function organiserRoutes(deps: { appointments: AppointmentsService }) {
  const { appointments } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/appointments/:id/cancel',
      { config: { auth: 'member' }, schema: { params: idParams, body: cancelBodySchema, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        await appointments.cancel(actor, loaded, request.body.apply_to);
        return appointments.present(actor, await appointments.load(actor, request.params.id));
      },
    );

    r.patch(
      '/appointments/:id',
      { config: { auth: 'member' }, schema: { params: idParams, body: appointmentPatchSchema, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        const locked = request.body.appointment.attendee_configuration.participation_locked;
        await appointments.lockParticipation(actor, loaded, locked);
        return appointments.present(actor, await appointments.load(actor, request.params.id));
      },
    );

    r.get(
      '/appointments/:id/contact',
      { config: { auth: 'member' }, schema: { params: idParams, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        return appointments.contactContext(actor, await appointments.load(actor, request.params.id));
      },
    );

    r.post(
      '/appointments/:id/contact',
      { config: { auth: 'member' }, schema: { params: idParams, body: contactBodySchema, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        return appointments.contact(actor, loaded, request.body.contact);
      },
    );

    for (const format of ['csv', 'xlsx'] as const) {
      r.get(
        `/appointments/:id/attendees.${format}`,
        { config: { auth: 'member' }, schema: { params: idParams, tags: TAGS } },
        async (request, reply) => {
          const actor = request.actor!;
          const loaded = await appointments.load(actor, request.params.id);
          const file = await appointments.attendees(actor, loaded, format);
          return reply
            .type(file.contentType)
            .header('cache-control', 'private, no-store')
            .header('content-disposition', contentDisposition('attachment', file.filename))
            .send(file.body);
        },
      );
    }
  };
}
