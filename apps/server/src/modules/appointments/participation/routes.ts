import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addParticipantsBodySchema,
  applyToQuerySchema,
  OWN_PARTICIPATION_STATUSES,
  participantsQuerySchema,
  participantStatusBodySchema,
  participationsQuerySchema,
  type OwnParticipationStatus,
} from '@agora/contracts';
import { unprocessable } from '../../../platform/errors.ts';
import type { AppointmentsService } from '../service.ts';

const TAGS = ['appointments'];
const idParams = z.object({ id: z.string().max(64) });
const participantParams = z.object({ id: z.string().max(64), participantId: z.string().max(64) });

const isOwnStatus = (status: string): status is OwnParticipationStatus =>
  (OWN_PARTICIPATION_STATUSES as readonly string[]).includes(status);

/** Participants, answering and the participations lists (calendars spec, sections 2, 4 and 7). */
export function participationRoutes(deps: { appointments: AppointmentsService }) {
  const { appointments } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/appointments/:id/participants',
      { config: { auth: 'member' }, schema: { params: idParams, querystring: participantsQuerySchema, tags: TAGS } },
      async (request) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        return appointments.participants(actor, loaded, request.query);
      },
    );

    r.post(
      '/appointments/:id/participants',
      { config: { auth: 'member' }, schema: { params: idParams, body: addParticipantsBodySchema, tags: TAGS } },
      async (request, reply) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        const result = await appointments.addParticipants(actor, loaded, request.body);
        return reply.code(result.queued ? 202 : 201).send(result);
      },
    );

    // 'me': the member answers for themselves (answering the detail); else an organiser sets a
    // participant's status (answering the participant as the list shows it).
    r.put(
      '/appointments/:id/participants/:participantId',
      {
        config: { auth: 'member' },
        schema: { params: participantParams, body: participantStatusBodySchema, tags: TAGS },
      },
      async (request) => {
        const actor = request.actor!;
        const { status, apply_to: applyTo } = request.body;
        const loaded = await appointments.load(actor, request.params.id);
        if (request.params.participantId === 'me') {
          if (!isOwnStatus(status)) throw unprocessable({ status: ['invalid'] });
          await appointments.respond(actor, loaded, status, applyTo);
          return appointments.present(actor, loaded);
        }
        await appointments.updateParticipant(actor, loaded, request.params.participantId, status, applyTo);
        return appointments.present(actor, loaded);
      },
    );

    r.delete(
      '/appointments/:id/participants/:participantId',
      {
        config: { auth: 'member' },
        schema: { params: participantParams, querystring: applyToQuerySchema, tags: TAGS },
      },
      async (request, reply) => {
        const actor = request.actor!;
        const loaded = await appointments.load(actor, request.params.id);
        await appointments.removeParticipant(actor, loaded, request.params.participantId, request.query.apply_to);
        return reply.code(204).send();
      },
    );

    // The invites inbox's upcoming, accepted and declined tabs.
    r.get(
      '/api/v1/participations',
      {
        config: { auth: 'member' },
        schema: {
          querystring: participationsQuerySchema,
          tags: ['invites'],
          summary: 'The participations of the member',
          description:
            'A page of the appointments the member takes part in (upcoming, accepted) or declined. Answers `{items, next}`; `next` is the path of the following page, null at the end.',
        },
      },
      async (request) => appointments.participations(request.actor!, request.query),
    );
  };
}
