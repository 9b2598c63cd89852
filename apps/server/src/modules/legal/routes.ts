import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Imprint, LegalText, LegalTextSummary } from '@agora/contracts';
import { presentImprint, presentLegalText, presentLegalTextSummary } from './present.ts';
import type { LegalService } from './service.ts';

/** Imprint and legal texts are for anonymous visitors too: the network comes from the host. */
export function legalRoutes(deps: { legal: LegalService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/imprint',
      { config: { auth: 'public' }, schema: { tags: ['legal'] } },
      async (request): Promise<Imprint> => {
        return presentImprint(await deps.legal.imprint(request.network.id));
      },
    );

    r.get(
      '/legal',
      { config: { auth: 'public' }, schema: { tags: ['legal'] } },
      async (request): Promise<{ legal_texts: LegalTextSummary[] }> => {
        const rows = await deps.legal.list(request.network.id);
        return { legal_texts: rows.map(presentLegalTextSummary) };
      },
    );

    r.get(
      '/legal/:handle',
      { config: { auth: 'public' }, schema: { params: z.object({ handle: z.string().max(200) }), tags: ['legal'] } },
      async (request): Promise<LegalText> => {
        const { text, versions } = await deps.legal.byHandle(request.network.id, request.params.handle);
        return presentLegalText(text, versions);
      },
    );
  };
}
