import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMemberProfiles, type MemberProfileDeps } from './profile.ts';

export function memberRoutes(deps: MemberProfileDeps) {
  const profiles = createMemberProfiles(deps);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/members/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ id: z.string().max(64) }),
          tags: ['members'],
          summary: "A member's profile",
          description:
            'The member (id, names, images in the sizes the web app shows, is_external, minister, locked, can) with ' +
            "what their profile shows the requesting member: the network's directory profile and filter fields they filled in, " +
            'the detection field, the birthday (day and month; the age only where the member shows it), the groups ' +
            'the requesting member may see (hidden groups only to their members, category admins and network admins; ' +
            'archived ones marked; at most 100, more_groups when there are more) and contact.chat. A locked member is ' +
            'a 404 except for network administrators (or, where the network shows locked members in its directory, ' +
            'unless deleted); so are an unknown id and a member of another network.',
        },
      },
      async (request) => profiles.profile(request.actor!, request.params.id),
    );
  };
}
