import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPOINTMENT_ERROR_KEYS,
  appointmentBodySchema,
  appointmentsMonthQuerySchema,
  applyToQuerySchema,
} from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import { acceptsEncoding } from '../../platform/http/accept-encoding.ts';
import { matchesEtag } from '../../platform/http/etag.ts';
import type { AppointmentsService } from './service.ts';

const TAGS = ['appointments'];
const idParams = z.object({ id: z.string().max(64) });

type ValidationError = Error & { validation?: Array<{ instancePath: string }> };

/**
 * The form's body wraps its fields in `appointment` beside `apply_to`; errors name the fields
 * as the form does (`date.end`), so the wrapper is taken off before the common error handler
 * (which strips only a body's single key) reports them.
 */
function unwrapped(error: ValidationError): ValidationError {
  for (const issue of error.validation ?? []) {
    issue.instancePath = issue.instancePath.replace(/^\/appointment(?=\/)/, '');
  }
  return error;
}

/** The appointment calls of the calendars spec, section 7 (participation comes with the next issue). */
export function appointmentRoutes(deps: { appointments: AppointmentsService }) {
  const { appointments } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The month answer comes as JSON text (often from the cache), sent as it is: no serializer,
    // gzipped for clients that accept it (1.5 MB become some 90 kB). Browsers keep it and ask
    // again with If-None-Match, which a 304 answers without computing anything.
    for (const [url, participating] of [
      ['/appointments', false],
      ['/appointments/participating', true],
    ] as const) {
      r.get(
        url,
        { config: { auth: 'member' }, schema: { querystring: appointmentsMonthQuerySchema, tags: TAGS } },
        async (request, reply) => {
          const answer = await appointments.month(request.actor!, request.query, participating);
          reply
            .header('etag', `W/${answer.etag}`)
            .header('cache-control', 'private, no-cache')
            .header('vary', 'accept-encoding');
          if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
          const body = await answer.body();
          reply.type('application/json; charset=utf-8');
          if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return reply.send(body.json);
          return reply.header('content-encoding', 'gzip').send(await body.gzip());
        },
      );
    }

    r.get('/appointments/categories', { config: { auth: 'member' }, schema: { tags: TAGS } }, async (request) =>
      appointments.categories(request.actor!),
    );

    r.get(
      '/appointments/:id',
      { config: { auth: 'member' }, schema: { params: idParams, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        return appointments.present(actor, await appointments.load(actor, request.params.id));
      },
    );

    r.post(
      '/appointments',
      { config: { auth: 'member' }, attachValidation: true, schema: { body: appointmentBodySchema, tags: TAGS } },
      async (request, reply) => {
        if (request.validationError) throw unwrapped(request.validationError);
        const actor = request.actor!;
        const { appointment, invitation } = request.body;
        const id = await appointments.createFromFields(actor, appointment, invitation);
        reply.code(201);
        return appointments.present(actor, await appointments.load(actor, id));
      },
    );

    r.put(
      '/appointments/:id',
      {
        config: { auth: 'member' },
        attachValidation: true,
        schema: { params: idParams, body: appointmentBodySchema, tags: TAGS },
      },
      async (request) => {
        if (request.validationError) throw unwrapped(request.validationError);
        // Who takes part in a saved appointment changes on its participants page.
        if (request.body.invitation) throw unprocessable({ invitation: [APPOINTMENT_ERROR_KEYS.invitationOnCreate] });
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        const id = await appointments.update(actor, loaded, request.body.appointment, request.body.apply_to);
        return appointments.present(actor, await appointments.load(actor, id));
      },
    );

    r.delete(
      '/appointments/:id',
      { config: { auth: 'member' }, schema: { params: idParams, querystring: applyToQuerySchema, tags: TAGS } },
      async (request, reply) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        await appointments.destroy(actor, loaded, request.query.apply_to);
        return reply.code(204).send();
      },
    );
  };
}
