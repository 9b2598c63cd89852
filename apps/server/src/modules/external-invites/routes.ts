import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXTERNAL_INVITE_LIMITS,
  externalInviteBodySchema,
  externalInvitesQuerySchema,
  membershipInvitesBodySchema,
  type ExternalInviteResult,
} from '@agora/contracts';
import type { GroupInvitesService } from '../group-invites/index.ts';
import type { ExternalInvitesService } from './service.ts';
import type { InviteTarget } from './targets.ts';
import { checkCsvUpload, isCsvUpload, readCsvUpload } from './upload.ts';

const TAGS = ['external invites'];
const slugParams = z.object({ slug: z.string().max(200).describe('The group slug.') });
const categoryParams = z.object({ groupCategoryId: z.string().max(64).describe('The group category id.') });

const INVITE_DESCRIPTION = `Invites people who are not members yet by e-mail. Two forms:

- JSON \`{external_invite: {email, first_name, last_name, subject, body, user_type, group_ids, channel_ids}}\` (\`email\` a string or \`{email}\`): one address; 422 on \`email\` with \`required\`, \`invalid\`, \`taken\` (a member already) or \`already_invited\` (an open invitation exists).
- multipart/form-data with the file \`csv\` (only \`.csv\`, else 422 \`invalid_file_type\`; at most ${EXTERNAL_INVITE_LIMITS.csvRows} rows and ${EXTERNAL_INVITE_LIMITS.csvBytes / 1024 / 1024} MB, else \`too_large\`), \`character_encoding\` (\`ISO-8859-1\`, the default, or \`UTF-8\`), \`subject\`, \`body\`, \`user_type\`, \`group_ids[]\`, \`channel_ids[]\`. Rows are \`email;first_name;last_name\` (\`;\` or \`,\`; a header row naming email is skipped; quoted fields allowed). Bad rows are reported, the others invited.

Answers \`{message, invited, errors: [{row, email, error}]}\` (\`message\` in the network's language). \`group_ids\` must be groups the member may invite to (422 \`invalid\`); \`channel_ids\` must be empty, as there are no channels yet. \`user_type: normal\` is refused with \`only_external\` where only guests may be invited. The mails go out from a processor, with the link \`/invitations/{token}\`.`;

/** The usual validation, except of a body read from an upload (checked by checkCsvUpload). */
// The compiler serves every route's schema, whatever its type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const passUploads: FastifySchemaCompiler<any> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => (isCsvUpload(data) ? { value: data } : validate(data));
};

/** Takes the upload as the body; a JSON body is validated by the route's schema as usual. */
const inviteRouteOptions = {
  preValidation: async (request: FastifyRequest) => {
    if (request.isMultipart()) request.body = await readCsvUpload(request);
  },
  validatorCompiler: passUploads,
};

/** The invitations by e-mail of the administration spec (section 7). */
export function externalInviteRoutes(deps: {
  externalInvites: ExternalInvitesService;
  groupInvites: GroupInvitesService;
}) {
  const { externalInvites, groupInvites } = deps;

  async function invite(request: FastifyRequest, target: InviteTarget): Promise<ExternalInviteResult> {
    const actor = request.actor!;
    if (isCsvUpload(request.body)) {
      const { bytes, fields } = checkCsvUpload(request.body);
      return externalInvites.inviteCsv(actor, target, { bytes, encoding: fields.character_encoding }, fields);
    }
    // Validated (and transformed) by the route's schema.
    const { external_invite: body } = request.body as z.output<typeof externalInviteBodySchema>;
    return externalInvites.inviteOne(
      actor,
      target,
      { email: body.email, firstName: body.first_name, lastName: body.last_name },
      body,
    );
  }

  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: EXTERNAL_INVITE_LIMITS.csvBytes,
        files: 1,
        fields: EXTERNAL_INVITE_LIMITS.groupIds + EXTERNAL_INVITE_LIMITS.channelIds + 10,
        fieldSize: 128 * 1024,
        parts: EXTERNAL_INVITE_LIMITS.groupIds + EXTERNAL_INVITE_LIMITS.channelIds + 12,
        headerPairs: 50,
      },
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const consumes = ['application/json', 'multipart/form-data'];

    r.post(
      '/administration/external_invites',
      {
        ...inviteRouteOptions,
        config: { auth: 'network_admin' },
        schema: {
          body: externalInviteBodySchema,
          consumes,
          tags: TAGS,
          summary: 'Invites people to the network by e-mail',
          description: `${INVITE_DESCRIPTION}\n\nFor network admins; \`group_ids\` any groups of the network.`,
        },
      },
      (request) => invite(request, { kind: 'network' }),
    );

    r.post(
      '/groups/:slug/external_invites',
      {
        ...inviteRouteOptions,
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          body: externalInviteBodySchema,
          consumes,
          tags: TAGS,
          summary: 'Invites people to a group by e-mail',
          description: `${INVITE_DESCRIPTION}\n\nNeeds the group's \`can.invite_external\` (or \`invite_external_guests\`, which invites guests only); the group is always included. 404 for a group the member may not see.`,
        },
      },
      (request) => invite(request, { kind: 'group', slug: request.params.slug }),
    );

    r.post(
      '/group-categories/:groupCategoryId/external_invites',
      {
        ...inviteRouteOptions,
        config: { auth: 'member' },
        schema: {
          params: categoryParams,
          body: externalInviteBodySchema,
          consumes,
          tags: TAGS,
          summary: 'Invites people to groups of a category by e-mail',
          description: `${INVITE_DESCRIPTION}\n\nFor the category's admins (and network admins); \`group_ids\` groups of that category.`,
        },
      },
      (request) => invite(request, { kind: 'category', id: request.params.groupCategoryId }),
    );

    r.get(
      '/external_invites/settings',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'The defaults of an invitation by e-mail',
          description:
            "`{default_invite_subject, default_invite_text, user_types}`: the texts in the network's language with its name, and the user types the member may choose (`external` only where only guests may be invited).",
        },
      },
      (request) => externalInvites.settings(request.actor!, request.network),
    );

    const pageDescription = (whose: string) =>
      `A page (\`page\`, from 1) of ${whose}, newest first, ${EXTERNAL_INVITE_LIMITS.pageSize} a page: \`{items, page, per, total}\`; each item with its status (open, accepted, obsolete, joined) and \`can.renew\` / \`can.revoke\` for \`/batch_invites\`.`;

    r.get(
      '/administration/external_invites',
      {
        config: { auth: 'network_admin' },
        schema: {
          querystring: externalInvitesQuerySchema,
          tags: TAGS,
          summary: "The network's invitations by e-mail",
          description: pageDescription('every invitation by e-mail of the network (network admins)'),
        },
      },
      (request) => externalInvites.networkPage(request.actor!, request.query.page),
    );

    r.get(
      '/groups/:slug/external_invites',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          querystring: externalInvitesQuerySchema,
          tags: TAGS,
          summary: "A group's invitations by e-mail",
          description: pageDescription(
            "the group's invitations by e-mail, for whoever may invite to it by e-mail or administrate it (403 otherwise; 404 for a group the member may not see)",
          ),
        },
      },
      (request) => externalInvites.groupPage(request.actor!, request.params.slug, request.query.page),
    );

    r.get(
      '/external_invites/sent',
      {
        config: { auth: 'member' },
        schema: {
          querystring: externalInvitesQuerySchema,
          tags: TAGS,
          summary: 'The invitations by e-mail the member sent',
          description: pageDescription('the invitations by e-mail the member sent'),
        },
      },
      (request) => externalInvites.sentPage(request.actor!, request.query.page),
    );

    r.post(
      '/administration/membership_invites',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: membershipInvitesBodySchema,
          tags: TAGS,
          summary: 'Invites members to groups (administration)',
          description:
            'For network admins: invites the members (`membership_ids`) to the groups (`group_ids`), with `additional_message`, as `POST /membership_invites` does. Answers `{message, invited, skipped}`.',
        },
      },
      (request) => groupInvites.invite(request.actor!, { kind: 'network' }, request.body.membership_invites),
    );
  };
}
