import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DIRECTORY_CATEGORY_NOT_FOUND,
  DIRECTORY_GROUPS_PER_PAGE,
  DIRECTORY_MEMBERS_PER_PAGE,
  directoryCategoryQuerySchema,
  directoryMembersQuerySchema,
  directoryQuerySchema,
  memberSearchQuerySchema,
} from '@agora/contracts';
import type { GroupsService } from '../groups/index.ts';
import type { DirectoryService } from './service.ts';

export function directoryRoutes(deps: { directory: DirectoryService; groups: GroupsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Also the members page: content negotiation sends requests for HTML to the web app.
    r.get(
      '/members',
      { config: { auth: 'member' }, schema: { querystring: memberSearchQuerySchema, tags: ['directory'] } },
      async (request) => deps.directory.searchMembers(request.actor!, request.query),
    );

    r.get(
      '/groups/:slug/members',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ slug: z.string().max(200) }),
          querystring: memberSearchQuerySchema,
          tags: ['directory'],
        },
      },
      async (request) => {
        const actor = request.actor!;
        const { group } = await deps.groups.loadForActor(actor, request.params.slug);
        return deps.directory.searchMembers(actor, request.query, group.id);
      },
    );

    r.get(
      '/directory',
      { config: { auth: 'member' }, schema: { querystring: directoryQuerySchema, tags: ['directory'] } },
      async (request) => deps.directory.directory(request.actor!, request.query),
    );

    r.get(
      '/directory/members',
      {
        config: { auth: 'member' },
        schema: {
          querystring: directoryMembersQuerySchema,
          tags: ['directory'],
          summary: "The directory's member list",
          description: `The members of the network (or, with \`group_slug\`, of a group the member may see; 404 otherwise), ${DIRECTORY_MEMBERS_PER_PAGE} a page; contacts without sign-in and deleted members never, locked members only where the network's \`show_locked_memberships\` is on (marked \`locked\`).
\`q\`: each word must begin a word of the names (best matches first). \`filter[<field>]=<value>\`: members whose profile field has the value (or holds it, for a list), for the network's \`directory_filter_profile_fields\`; other fields are ignored. \`sort\`: first_name or last_name, the network's \`directory_default_sort\` by default.
\`filters\` offers each filter field's values (the ${'100'} most frequent) with their counts; \`profile_fields\` names the fields of each row's \`profile\`.`,
        },
      },
      async (request) => deps.directory.members(request.actor!, request.query),
    );

    r.get(
      '/directory/:category',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ category: z.string().max(200) }),
          querystring: directoryCategoryQuerySchema,
          tags: ['directory'],
          summary: 'A group category of the directory',
          description: `The groups of a category (by id or slug) the member may see, ${DIRECTORY_GROUPS_PER_PAGE} a page, archived ones last: hidden groups only for their members, the category's and the network's admins; guests see groups open to guests and their own. Each with its member count, the member's \`membership_status_of_current_member\` (no_member, in_moderation, invited, member) and \`can\` join, join_moderated, leave. \`q\`: each word must begin a word of the name. An unknown category answers 404 \`${DIRECTORY_CATEGORY_NOT_FOUND}\`. Also \`/directory/{category}.json\`.`,
        },
      },
      async (request) => deps.directory.category(request.actor!, request.params.category, request.query),
    );
  };
}
