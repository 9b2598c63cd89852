import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchQuerySchema } from '@agora/contracts';
import type { SearchService } from '../../platform/search/index.ts';
import type { GroupsService } from '../groups/index.ts';

const TAGS = ['search'];
const groupParams = z.object({ slug: z.string().max(200).describe("The group's slug (or id).") });
const ANSWER =
  "Answers `SearchResponse`: by query name (`activities_query` ...) the hits the member may open, their highlights (`meta.highlight`, escaped text with `<mark>`), `total` (counted up to 1,000; `total_capped` when there are more), `per`, `page`, `sort_by` and `available_sorts`. Without `module` the overview: the first 5 hits of every module and each total; with it that module's page of 20 (up to page 50), relevance ranking each module's newest 500 matches. `q` is read like a web search (words, \"phrases\", -excluded, or); words are found in their other forms in the network's language, names also by a part of them. A query of stop words or punctuation alone finds nothing.";

/** Global search and a group's search (communication spec, "Global search"). */
export function searchRoutes(deps: { search: SearchService; groups: GroupsService }) {
  const { search, groups } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/search',
      {
        config: { auth: 'member' },
        schema: {
          querystring: searchQuerySchema,
          tags: TAGS,
          summary: 'Search the network',
          description: `As \`/search.json\`. ${ANSWER}`,
        },
      },
      async (request) => search.search(request.actor!, request.network, request.query),
    );

    r.get(
      '/groups/:slug/search',
      {
        config: { auth: 'member' },
        schema: {
          params: groupParams,
          querystring: searchQuerySchema,
          tags: TAGS,
          summary: 'Search a group',
          description: `As \`/groups/{slug}/search.json\`: only what belongs to the group. A group the member may not see is a 404. ${ANSWER}`,
        },
      },
      async (request) => {
        const { group } = await groups.loadForActor(request.actor!, request.params.slug);
        return search.search(request.actor!, request.network, { ...request.query, groupId: group.id });
      },
    );
  };
}
