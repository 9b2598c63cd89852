import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchSchema, type BatchAnswer } from '@agora/contracts';
import type { Batch } from './batch.ts';

const TAGS = ['files'];
const ANSWER =
  'One transaction per item: `done` lists what was done, `refused` the others with a reason (locked, finalized, forbidden, not_found, into_own_subtree, root_folder).';

/** The batch actions of the files toolbar; the path's type names the page's selection, the body holds both kinds. */
export function batchRoutes(deps: { batch: Batch }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const type of ['files', 'folders'] as const) {
      r.delete(
        `/api/storage/${type}`,
        {
          config: { auth: 'member' },
          schema: {
            body: batchSchema,
            tags: TAGS,
            summary: `Deletes ${type} (batch)`,
            description: `Files and folders by id; a file listed in \`source_folder_id\` while in other folders too only leaves it. ${ANSWER}`,
          },
        },
        async (request): Promise<BatchAnswer> => deps.batch.destroy(request.actor!, request.body),
      );
      r.post(
        `/api/storage/${type}/move`,
        {
          config: { auth: 'member' },
          schema: {
            body: batchSchema,
            tags: TAGS,
            summary: `Moves ${type} (batch)`,
            description: `Into \`target_folder_id\` (required; 404 when unreadable); a file leaves \`source_folder_id\`. ${ANSWER}`,
          },
        },
        async (request): Promise<BatchAnswer> => deps.batch.move(request.actor!, request.body),
      );
    }
  };
}
