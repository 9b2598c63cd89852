import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MapsService } from './service.ts';

const TAGS = ['maps'];

const ANSWER = `Answers \`{scope, view, point_of_interest, tiles, markers, unplaced, truncated}\`:
\`markers\` are the members whose current address (the profile field \`address\`) has coordinates,
\`unplaced\` those whose address has none (yet: \`pending\`, \`not_found\`, \`failed\`), by name and at most 100
with their \`total\`; members without an address are on no map. Locked members and contacts never are.
\`view\` opens the map on the network's location at its \`zoom_level\`; \`tiles.url_template\` is
\`MAP_TILE_URL\` with \`{theme}\` replaced by the network's \`map_theme\` (null without a tile server).
404 while the network's \`maps_enabled\` is off.`;

/** The members' maps (administration spec: /map, /members/map, /map/members, /groups/{groupSlug}/map). */
export function mapRoutes(deps: { maps: MapsService }) {
  const { maps } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/map/members',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: "The network's map of members",
          description: `The members of the network on a map (also \`/map/members.json\`). ${ANSWER}`,
        },
      },
      async (request) => maps.map(request.actor!, { type: 'network' }),
    );

    r.get(
      '/groups/:slug/map',
      {
        config: { auth: 'member' },
        schema: {
          params: z.object({ slug: z.string().max(200).describe('The slug of the group.') }),
          tags: TAGS,
          summary: "A group's map of members",
          description: `The members of a group on a map (also \`/groups/{slug}/map.json\`); 404 for a group the member may not see (a hidden one they do not belong to). ${ANSWER}`,
        },
      },
      async (request) => maps.map(request.actor!, { type: 'group', slug: request.params.slug }),
    );
  };
}
