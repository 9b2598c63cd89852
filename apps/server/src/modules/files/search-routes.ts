import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, TEXT_LIMITS } from '@agora/contracts';
import type { FolderSearch } from './search.ts';

const PROFILE_KEY = /^profile\.([a-z][a-z0-9_]{0,39})$/;
/** Filters one search may carry. */
const FILTERS_MAX = 30;

const params = z.object({ id: idSchema.describe('The folder id.') });
const query = z
  .object({
    q: z.string().max(TEXT_LIMITS.line).default('').describe('Words to find in names and descriptions.'),
    sort: z
      .string()
      .max(60)
      .optional()
      .describe(
        '`name` (the default), `updated_at` or `profile.{name}` of a sortable property; `-` first: descending.',
      ),
  })
  .catchall(z.union([z.string().max(TEXT_LIMITS.line), z.array(z.string().max(TEXT_LIMITS.line)).max(20)]))
  .superRefine((value, context) => {
    const keys = Object.keys(value).filter((k) => k !== 'q' && k !== 'sort');
    if (keys.length > FILTERS_MAX) context.addIssue({ code: 'custom', message: 'too_many', path: ['profile'] });
    for (const key of keys) {
      if (!PROFILE_KEY.test(key)) context.addIssue({ code: 'custom', message: 'invalid', path: [key] });
    }
  });

/** The folder search with profile filters. */
export function searchRoutes(deps: { search: FolderSearch }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/storage/folders/:id/search',
      {
        config: { auth: 'member' },
        schema: {
          params,
          querystring: query,
          tags: ['files'],
          summary: "Search a folder's subtree",
          description:
            "`{folders, files}` of the folder's subtree (the folder itself left out) whose name or description holds every word of `q` and whose profile matches each `profile.{name}=value` filter (repeated: any of the values; a tag property matches any of its tags, a text property a part of it), 200 of each at most. A filter on a property the network does not define for folders (or files) leaves those out. A folder the member does not read: 404.",
        },
      },
      async (request) => {
        const { q, sort, ...rest } = request.query;
        const profile = new Map<string, string[]>();
        for (const [key, value] of Object.entries(rest)) {
          const name = PROFILE_KEY.exec(key)?.[1];
          const values = (Array.isArray(value) ? value : [value]).filter(
            (v): v is string => typeof v === 'string' && v !== '',
          );
          if (name && values.length > 0) profile.set(name, values);
        }
        return deps.search(request.actor!, request.params.id, { q, sort: sort as string | undefined, profile });
      },
    );
  };
}
