import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_ACTION_TYPES, documentHostQuerySchema, idSchema } from '@agora/contracts';
import type { Office } from './office.ts';

const TAGS = ['files'];
const actionsParams = z.object({
  fileId: idSchema.describe('The file id.'),
  type: z.enum(DOCUMENT_ACTION_TYPES).describe('`wopi` or `docs`: both name the configured office server.'),
});
const hostParams = z.object({
  id: idSchema.describe('The file id.'),
  type: z.enum(DOCUMENT_ACTION_TYPES),
  action: z
    .string()
    .regex(/^[a-z][a-z_-]{0,39}$/i)
    .describe("An action of the office server's discovery (`view`, `edit`, `review` ...)."),
});

/** What the office server offers for a file, and what its editor host page posts to it. */
export function officeRoutes(deps: { office: Office }) {
  const { office } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/files/:fileId/:type/actions',
      {
        config: { auth: 'member' },
        schema: {
          params: actionsParams,
          tags: TAGS,
          summary: 'Office actions of a file',
          description:
            "`[{action, app, authorized}]`: the office server's actions for the file's extension (from its discovery, `WOPI_DISCOVERY_URL`); `authorized`: view always, edit when the member may change the file, others while it is neither finalized nor locked by someone else; review is left out where edit is authorized. Empty without an office server. A file the member does not read: 404.",
        },
      },
      async (request) => office.actions(request.actor!, request.params.fileId),
    );

    r.get(
      '/api/storage/files/:id/:type/host/:action',
      {
        config: { auth: 'member' },
        schema: {
          params: hostParams,
          querystring: documentHostQuerySchema,
          tags: TAGS,
          summary: 'Open a file in the office editor',
          description:
            "`{url, access_token, access_token_ttl, file_name, show_review_changes}`: the editor's address with `WOPISrc` and an access token for this member and file (`access_token_ttl`: when it expires, in ms since 1970, as WOPI says), which the host page posts to the editor; `show_review_changes` is true where the query asked for it (bare, `true` or `1`), and the host page then asks the editor to show the tracked changes. An action the office server does not offer for the file (or no office server): 422 `no_document_action`; one the member may not use: 403; a file they do not read: 404.",
        },
      },
      async (request) => {
        const actor = request.actor!;
        return office.host(actor, request.params.id, request.params.action, {
          locale: actor.locale ?? request.network.language,
          showReviewChanges: request.query.show_review_changes,
        });
      },
    );
  };
}
