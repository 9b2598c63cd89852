import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptLegalTextBodySchema, type PendingLegalText } from '@agora/contracts';
import type { LegalService } from './service.ts';

const TAGS = ['legal'];

/** What a member must accept before going on, and the acceptance. */
export function legalAcceptanceRoutes(deps: { legal: LegalService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/legal_texts/pending',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'The legal texts the member must accept',
          description:
            'The texts with a version that requires acceptance which the member has not accepted (nor a later one): `{legal_texts: [{id, name, handle, statement, version_id}]}`, `version_id` being the current version to accept. Members who join later are asked too.',
        },
      },
      async (request): Promise<{ legal_texts: PendingLegalText[] }> => ({
        legal_texts: await deps.legal.pending(request.actor!),
      }),
    );

    r.post(
      '/api/v1/legal_texts/:id/accept',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ id: z.string().max(64).describe('The legal text id.') }),
          body: acceptLegalTextBodySchema,
          tags: TAGS,
          summary: 'Accepts a legal text',
          description:
            'Records that the member accepted the text’s current version (`version_id`): 204. Another version answers 422 `outdated` on `version_id` (the text changed; read it again); 404 for a text the network does not have.',
        },
      },
      async (request, reply) => {
        await deps.legal.accept(request.actor!, request.params.id, request.body.version_id);
        return reply.code(204).send();
      },
    );
  };
}
