import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitesQuerySchema } from '@agora/contracts';
import type { InvitesService } from './service.ts';

const TAGS = ['invites'];
const idParams = z.object({ id: z.string().max(64).describe('The id of the invite.') });

/** The invites calls of the calendars spec (section 7) and the administration spec (section 3). */
export function inviteRoutes(deps: { invites: InvitesService }) {
  const { invites } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/invites',
      {
        config: { auth: 'member' },
        schema: {
          querystring: invitesQuerySchema,
          tags: TAGS,
          summary: 'The invites of the member',
          description:
            'A page of the invites of the member in one tab, newest first: of one kind (`filter`) or, without a filter, of every kind. Answers `{items, next}`; `next` is the path of the following page, null at the end.',
        },
      },
      async (request) => invites.list(request.actor!, request.query),
    );

    for (const answer of ['accept', 'reject'] as const) {
      r.post(
        `/api/v1/invites/:id/${answer}`,
        {
          config: { auth: 'member' },
          schema: {
            params: idParams,
            tags: TAGS,
            summary: answer === 'accept' ? 'Accepts an invite' : 'Declines an invite',
            description:
              'Answers an invite of the member (404 otherwise) while it asks for an answer (422 otherwise). Takes no body. Answers the invite as it now is.',
          },
        },
        async (request) => invites.answer(request.actor!, request.params.id, answer),
      );
    }
  };
}
