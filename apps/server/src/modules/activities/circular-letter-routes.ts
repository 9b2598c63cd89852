import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { circularLetterBodySchema, idSchema } from '@agora/contracts';
import type { CircularLetters } from './circular-letters.ts';

const TAGS = ['activities'];
const idParams = z.object({ id: idSchema.describe('The id of the circular letter’s activity.') });
const NOT_FOUND = 'An activity the member may not read, or one that is no circular letter, is a 404.';

/** Circular letters: sending one, acknowledging it, and who did (communication spec, section 2). */
export function circularLetterRoutes(deps: { circularLetters: CircularLetters }) {
  const { circularLetters } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/v1/circular_letters',
      {
        config: { auth: 'member' },
        schema: {
          body: circularLetterBodySchema,
          tags: TAGS,
          summary: 'Sends a circular letter',
          description:
            'A note with a subject in the streams of the groups named (`group_ids`) or, `to_all_network_members`, the network’s stream; its recipients are the members of those groups (or all members) when it is sent, each mailed and notified. Network administrators send to any group or everyone, group administrators to their groups. 201 with the activity (`circular_letter` filled). 403 for a member who administrates nothing; 422 with `required` (subject), `content_empty`, `recipients_empty`, `activitystream_not_allowed` or `attachment_not_uploaded`.',
        },
      },
      async (request, reply) =>
        reply.code(201).send(await circularLetters.send(request.actor!, request.body.circular_letter)),
    );

    r.post(
      '/api/v1/activities/:id/acknowledge',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Acknowledges a circular letter',
          description: `The member, a recipient, confirms having read it; again changes nothing. 204. 403 for a reader who is no recipient. ${NOT_FOUND}`,
        },
      },
      async (request, reply) => {
        await circularLetters.acknowledge(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/v1/activities/:id/acknowledgements',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Who acknowledged a circular letter',
          description: `\`{acknowledged, pending}\`: the recipients who acknowledged it (newest first, with \`acknowledged_at\`) and those who have not (by name). For its sender, network administrators and the administrators of its groups; 403 for other readers. ${NOT_FOUND}`,
        },
      },
      async (request) => circularLetters.acknowledgements(request.actor!, request.params.id),
    );
  };
}
