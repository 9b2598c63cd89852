import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILE_LIMITS,
  fileUpdateSchema,
  folderCreateSchema,
  folderUpdateSchema,
  idSchema,
  newFilesSchema,
  newVersionSchema,
  type FolderUnreads,
} from '@agora/contracts';
import type { FilesService } from './service.ts';

const TAGS = ['files'];
const idParams = z.object({ id: idSchema });
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FILE_LIMITS.folderListLimit).default(FILE_LIMITS.folderListLimit),
});
const UNREADABLE = 'A folder or file the member cannot read is a 404.';

/** Folders: roots, listing, create, change and move, delete, read marks. */
export function folderRoutes(deps: { files: FilesService }) {
  const { folders } = deps.files;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/storage/folders/roots',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'The folder trees the member reads',
          description:
            "`{network, groups}`: the network's root (null for external members) and the roots of the groups whose content the member reads.",
        },
      },
      async (request) => folders.roots(request.actor!),
    );

    r.get(
      '/api/storage/folders/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          querystring: listQuery,
          tags: TAGS,
          summary: 'A folder with its path, subfolders and files',
          description: `Subfolders, then files, each sorted by name, up to \`limit\` (1000) of each. ${UNREADABLE}`,
        },
      },
      async (request) => folders.get(request.actor!, request.params.id, request.query.limit),
    );

    r.post(
      '/api/storage/folders',
      {
        config: { auth: 'member' },
        schema: {
          body: z.object({ folder: folderCreateSchema }),
          tags: TAGS,
          summary: 'Creates a folder',
          description: 'In a parent folder the member may create subfolders in (`can.create_subfolders`).',
        },
      },
      async (request, reply) => reply.code(201).send(await folders.create(request.actor!, request.body.folder)),
    );

    r.put(
      '/api/storage/folders/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          body: z.object({ folder: folderUpdateSchema }),
          tags: TAGS,
          summary: 'Changes or moves a folder',
          description: `\`can.update\`. A new \`parent_folder_id\` moves it within its tree, never into its own subtree (422 \`into_own_subtree\`); root and stream folders keep their name and place (422 \`special_folder\`). ${UNREADABLE}`,
        },
      },
      async (request) => folders.update(request.actor!, request.params.id, request.body.folder),
    );

    r.delete(
      '/api/storage/folders/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Deletes a folder with its subtree',
          description: `Answers a batch answer: files only in the subtree are deleted, files also elsewhere leave it; refused (\`locked\`, \`finalized\`, \`forbidden\`, \`root_folder\`) as a whole. ${UNREADABLE}`,
        },
      },
      async (request) => folders.destroy(request.actor!, request.params.id),
    );

    r.post(
      '/api/storage/folders/:id/read',
      {
        config: { auth: 'member' },
        schema: { params: idParams, tags: TAGS, summary: 'Marks a folder read for the member' },
      },
      async (request, reply) => {
        await folders.markRead(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );

    r.get(
      '/unreads/folders',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'Unseen files per folder',
          description: 'Per folder the member opened before and still reads: files others added since.',
        },
      },
      async (request): Promise<FolderUnreads> => folders.unreads(request.actor!),
    );
  };
}

/** Files: the new-files form, one file, its versions and views. */
export function fileRoutes(deps: { files: FilesService }) {
  const { files, addFiles } = deps.files;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/v1/files',
      {
        config: { auth: 'member' },
        schema: {
          body: newFilesSchema,
          tags: TAGS,
          summary: 'Adds files',
          description:
            "The member's volatile uploads (directory `files`) become files in the folders given (each `can.add_files`, none twice); `post_to_stream` posts them.",
        },
      },
      async (request, reply) => reply.code(201).send(await addFiles(request.actor!, request.body)),
    );

    r.get(
      '/api/storage/files/:id',
      {
        config: { auth: 'member' },
        schema: { params: idParams, tags: TAGS, summary: 'A file', description: UNREADABLE },
      },
      async (request) => files.get(request.actor!, request.params.id),
    );

    r.put(
      '/api/storage/files/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          body: z.object({ file: fileUpdateSchema }),
          tags: TAGS,
          summary: 'Changes a file',
          description: `\`can.update\`; locked by someone else or finalized: 403 \`locked\` / \`finalized\`. ${UNREADABLE}`,
        },
      },
      async (request) => files.update(request.actor!, request.params.id, request.body.file),
    );

    r.get(
      '/api/storage/files/:id/versions',
      {
        config: { auth: 'member' },
        schema: { params: idParams, tags: TAGS, summary: "A file's versions, newest first", description: UNREADABLE },
      },
      async (request) => files.versions(request.actor!, request.params.id),
    );

    r.post(
      '/api/storage/files/:id/versions',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          body: newVersionSchema,
          tags: TAGS,
          summary: 'Adds a version',
          description:
            'A volatile upload becomes the current version (the old one is kept), or a pending version where a folder requires approval and the member does not review it.',
        },
      },
      async (request) => files.addVersion(request.actor!, request.params.id, request.body),
    );

    r.post(
      '/api/storage/files/:id/track_view',
      { config: { auth: 'member' }, schema: { params: idParams, tags: TAGS, summary: 'Counts a view' } },
      async (request, reply) => {
        await files.trackView(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
