import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, type FolderExport } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import type { FolderExports } from './export.ts';

const TAGS = ['files'];
const idParams = z.object({ id: idSchema });

/** Exports of a folder as zip archives: start one, and see the latest. */
export function exportRoutes(deps: { exports: FolderExports }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/storage/folders/:id/export',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Starts an export of the folder',
          description:
            "A job zips the subtree's files into stored archives; `status` goes from `initialized` through `in_progress` (with `progress` 0-100) to `finished` with `files`, or `failed` with `error` `export_failed`. A folder the member cannot read is a 404.",
        },
      },
      async (request, reply) => reply.code(201).send(await deps.exports.start(request.actor!, request.params.id)),
    );

    r.get(
      '/api/storage/folders/:id/export',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: "The folder's latest export",
          description:
            'The latest export the member started or, for those who may change the folder, anyone started; 404 when there is none.',
        },
      },
      async (request): Promise<FolderExport> => {
        const latest = await deps.exports.latest(request.actor!, request.params.id);
        if (!latest) throw notFound();
        return latest;
      },
    );
  };
}
