import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Translation, TranslationLanguages } from '@agora/contracts';
import { TRANSLATION_UNAVAILABLE, TranslationRateLimited, UNKNOWN_LANGUAGE, type Translations } from './service.ts';

const TAGS = ['translations'];
const translationParams = z.object({
  lang: z.string().min(1).max(20).describe('A language code of `GET /translations/languages` (`de`, `en` ...).'),
  type: z.string().min(1).max(64).describe('The type of the object (`message` ...).'),
  id: z.string().min(1).max(64).describe('The id of the object.'),
});

/** The translation calls of the spec: the languages on offer, and an object's fields translated. */
export function translationRoutes(deps: { translations: Translations }) {
  const { translations } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/translations/languages',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'The languages translated into',
          description: `Answers \`{languages: [{code, name}]}\`, empty when no translation service is configured (the web app then offers no translation). 503 \`${TRANSLATION_UNAVAILABLE}\` while the service cannot be reached.`,
        },
      },
      async (): Promise<TranslationLanguages> => ({ languages: await translations.languages() }),
    );

    r.get(
      '/translations/:lang/:type/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: translationParams,
          tags: TAGS,
          summary: "An object's fields translated",
          description: `Answers \`{language, type, id, fields}\`, the object's translatable fields (HTML for rich text) by name, translated from the language detected. A translation is kept until the object's text changes, so asking again costs nothing; a new one draws from the member's write budget (429 with \`Retry-After\` beyond it). 404 for a type that cannot be translated or an object the member cannot read, 422 \`${UNKNOWN_LANGUAGE}\` for a language not offered (every language without a translation service), 503 \`${TRANSLATION_UNAVAILABLE}\` while the service fails or cannot be reached.`,
        },
      },
      async (request, reply): Promise<Translation> => {
        const { lang, type, id } = request.params;
        try {
          return await translations.translate(request.actor!, lang, type, id);
        } catch (err) {
          if (err instanceof TranslationRateLimited) reply.header('retry-after', String(err.retryAfter));
          throw err;
        }
      },
    );
  };
}
