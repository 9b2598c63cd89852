import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  imprintBodySchema,
  legalTextBodySchema,
  type Imprint,
  type LegalTextAdmin,
  type LegalTextAdminSummary,
} from '@agora/contracts';
import { presentImprint, presentLegalTextAdmin, presentLegalTextAdminSummary } from './present.ts';
import type { LegalService } from './service.ts';

const TAGS = ['administration'];
const idParams = z.object({ id: z.string().max(64).describe('The legal text id.') });
const auth = { auth: 'network_admin' as const };

const FIELDS =
  '`legal_text`: `name`, `statement`, `text` (rich text, sanitized) are required (422 `required`, every missing field at once); `requires_acceptance: true` asks every member to accept the saved version before going on.';

/** The legal texts' and the imprint's administration (administration spec, sections 2 and 7), for network admins. */
export function legalAdminRoutes(deps: { legal: LegalService }) {
  const { legal } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/administration/legal_texts',
      {
        config: auth,
        schema: {
          tags: TAGS,
          summary: 'The legal texts',
          description:
            "The network's legal texts by name: `{legal_texts: [{id, name, handle, statement, updated_at, read_only, can}]}`.",
        },
      },
      async (request): Promise<{ legal_texts: LegalTextAdminSummary[] }> => {
        const rows = await legal.list(request.actor!.networkId);
        return { legal_texts: rows.map(presentLegalTextAdminSummary) };
      },
    );

    r.post(
      '/administration/legal_texts',
      {
        config: auth,
        schema: {
          body: legalTextBodySchema,
          tags: TAGS,
          summary: 'Creates a legal text',
          description: `${FIELDS} \`handle\` (letters, digits, hyphens and spaces; spaces become hyphens, lowercase) comes from the name when left out, and is unique in the network (422 \`taken\`). Answers 201 with the text and its first version.`,
        },
      },
      async (request, reply) => {
        const actor = request.actor!;
        const body = request.body.legal_text;
        const row = await legal.create(
          actor.networkId,
          { ...body, requiresAcceptance: body.requires_acceptance },
          actor.membershipId,
        );
        const { versions } = await legal.byId(actor.networkId, row.id);
        return reply.code(201).send(presentLegalTextAdmin(row, versions));
      },
    );

    r.get(
      '/administration/legal_texts/:id',
      {
        config: auth,
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'A legal text with its versions',
          description:
            'The text, its versions (newest first: the first is the current one) and `can.update`/`can.destroy` (false for read-only texts). 404 for another network’s text.',
        },
      },
      async (request): Promise<LegalTextAdmin> => {
        const { text, versions } = await legal.byId(request.actor!.networkId, request.params.id);
        return presentLegalTextAdmin(text, versions);
      },
    );

    r.put(
      '/administration/legal_texts/:id',
      {
        config: auth,
        schema: {
          params: idParams,
          body: legalTextBodySchema,
          tags: TAGS,
          summary: 'Saves a legal text as a new version',
          description: `${FIELDS} Every save keeps a version. The handle never changes (a handle sent is ignored). 403 for a read-only text.`,
        },
      },
      async (request): Promise<LegalTextAdmin> => {
        const actor = request.actor!;
        const body = request.body.legal_text;
        await legal.update(
          actor.networkId,
          request.params.id,
          { name: body.name, statement: body.statement, text: body.text, requiresAcceptance: body.requires_acceptance },
          actor.membershipId,
        );
        const { text, versions } = await legal.byId(actor.networkId, request.params.id);
        return presentLegalTextAdmin(text, versions);
      },
    );

    r.delete(
      '/administration/legal_texts/:id',
      {
        config: auth,
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Deletes a legal text',
          description: 'Deletes the text with its versions and acceptances: 204. 403 for a read-only text.',
        },
      },
      async (request, reply) => {
        const actor = request.actor!;
        await legal.destroy(actor.networkId, request.params.id, actor.membershipId);
        return reply.code(204).send();
      },
    );

    r.get(
      '/administration/imprint/edit',
      {
        config: auth,
        schema: {
          tags: TAGS,
          summary: 'The imprint to edit',
          description:
            'The web imprint (`imprint_attributes.content`, HTML), the mail imprint and `show_newsletter_info`.',
        },
      },
      async (request): Promise<Imprint> => presentImprint(await legal.imprint(request.actor!.networkId)),
    );

    // The spec's path ends in a slash; the same call without it is the same.
    for (const url of ['/administration/imprint/', '/administration/imprint']) {
      r.put(
        url,
        {
          config: auth,
          schema: {
            body: imprintBodySchema,
            tags: TAGS,
            summary: 'Saves the imprint',
            description:
              '`imprint`: `imprint_attributes.content` (rich text, sanitized), `mail_imprint` (plain text, the footer of every mail) and `show_newsletter_info`. Answers the saved imprint; a save without a change records nothing.',
          },
        },
        async (request): Promise<Imprint> => {
          const actor = request.actor!;
          const body = request.body.imprint;
          const row = await legal.saveImprint(
            actor.networkId,
            {
              content: body.imprint_attributes.content,
              mailImprint: body.mail_imprint,
              showNewsletterInfo: body.show_newsletter_info,
            },
            actor.membershipId,
          );
          return presentImprint(row);
        },
      );
    }
  };
}
