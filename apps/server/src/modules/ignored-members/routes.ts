import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IgnoredMembersService } from './service.ts';

const TAGS = ['members'];

/** `/members/{id}/ignored` (the page's list) and ignoring a member (`/members/{id}/ignore`). */
export function ignoredMemberRoutes(deps: { ignoredMembers: IgnoredMembersService }) {
  const { ignoredMembers } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/members/:id/ignored',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ id: z.string().max(64).describe('The current member’s own id.') }),
          tags: TAGS,
          summary: 'The members the member ignores',
          description:
            '`{ignored_members: [{id, name, path, images, is_external, ignored_at}]}`, most recently ignored first. ' +
            'Only the member themself reads their list: 403 for anyone else’s id. Their posts, replies, direct ' +
            'messages and chat messages come marked `ignored: true` for the member, content included, for the ' +
            'web app to show collapsed with a way to show them.',
        },
      },
      async (request) => ignoredMembers.list(request.actor!, request.params.id),
    );

    for (const [method, ignored] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      r.route({
        method,
        url: '/members/:id/ignore',
        config: { auth: 'member' },
        schema: {
          params: z.object({ id: z.string().max(64).describe('The member to ignore (or no longer ignore).') }),
          tags: TAGS,
          summary: ignored ? 'Ignores a member' : 'No longer ignores a member',
          description: ignored
            ? 'The current member ignores the member: answers `{id, ignored: true}`; again changes nothing. ' +
              'The ignored member can no longer write them direct messages nor start a direct chat with them. ' +
              '422 `{errors: {id: [cannot_ignore_self | cannot_ignore_network_admin]}}`; 404 for a member the ' +
              'current member does not see (unknown, another network, locked).'
            : 'Answers `{id, ignored: false}`, also when the member was not ignored; 404 for an unknown member.',
        },
        handler: async (request) =>
          ignored
            ? ignoredMembers.ignore(request.actor!, request.params.id)
            : ignoredMembers.unignore(request.actor!, request.params.id),
      });
    }
  };
}
