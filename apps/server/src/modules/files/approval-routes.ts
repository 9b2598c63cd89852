import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  reviewersQuerySchema,
  reviewersUpdateSchema,
  reviewStatusQuerySchema,
  reviewStatusSchema,
} from '@agora/contracts';
import type { Approval } from './approval.ts';
import type { Reviewers } from './reviewers.ts';

const TAGS = ['files'];
const folderParams = z.object({ folderId: idSchema.describe('The folder id.') });
const pendingParams = z.object({
  fileId: idSchema.describe('The file id.'),
  id: idSchema.describe('The pending version id.'),
});
const fileParams = z.object({ id: idSchema.describe('The file id.') });
const NOT_FOUND = 'A folder or file the member does not read is a 404.';

/** Approval of pending versions, the reviewers of folder trees and the review status of files. */
export function approvalRoutes(deps: { approval: Approval; reviewers: Reviewers }) {
  const { approval, reviewers } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/storage/folders/:folderId/files/approval',
      {
        config: { auth: 'member' },
        schema: {
          params: folderParams,
          tags: TAGS,
          summary: 'Files waiting for approval',
          description: `The files of the folder's subtree with pending versions, each with \`pending_versions\` (oldest first), the file with the newest first. Reviewers of the folder only (403 for others). ${NOT_FOUND}`,
        },
      },
      async (request) => approval.list(request.actor!, request.params.folderId),
    );

    r.post(
      '/api/storage/files/:fileId/pending_versions/:id/approve',
      {
        config: { auth: 'member' },
        schema: {
          params: pendingParams,
          tags: TAGS,
          summary: 'Approve a pending version',
          description: `The pending version becomes the current version (by its author; the old one is kept as a version) and its author is told. Reviewers of the file only; a file locked by someone else or finalized: 403 \`locked\` / \`finalized\`. ${NOT_FOUND}`,
        },
      },
      async (request) => approval.approve(request.actor!, request.params.fileId, request.params.id),
    );

    r.delete(
      '/api/storage/files/:fileId/pending_versions/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: pendingParams,
          tags: TAGS,
          summary: 'Decline a pending version',
          description: `The pending version and its bytes are deleted and its author is told. Reviewers of the file only. ${NOT_FOUND}`,
        },
      },
      async (request, reply) => {
        await approval.decline(request.actor!, request.params.fileId, request.params.id);
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/storage/v2/files',
      {
        config: { auth: 'member' },
        schema: {
          querystring: reviewStatusQuerySchema,
          tags: TAGS,
          summary: 'Files with a review status',
          description:
            'The files of a folder tree (`context_type` network or group, `context_id`) with a review status reported by the office editor, newest report first, 20 a page (`page`); `x-total-count`, `x-page`, `x-per-page` and `x-total-pages` say where the page is. Reviewers of the tree only (403); a tree the member does not read: 404.',
        },
      },
      async (request, reply) => {
        const page = await approval.reviewStatuses(request.actor!, request.query);
        reply.header('x-total-count', String(page.total));
        reply.header('x-page', String(page.page));
        reply.header('x-per-page', String(page.perPage));
        reply.header('x-total-pages', String(Math.max(1, Math.ceil(page.total / page.perPage))));
        return page.items;
      },
    );

    r.put(
      '/api/storage/files/:id/review_status',
      {
        config: { auth: 'member' },
        schema: {
          params: fileParams,
          body: reviewStatusSchema,
          tags: TAGS,
          summary: "Report the current version's review status",
          description: `What the office editor counted in the current version: insertions, deletions, changes, comments. Members who may change or review the file. ${NOT_FOUND}`,
        },
      },
      async (request, reply) => {
        await approval.setReviewStatus(request.actor!, request.params.id, request.body);
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/storage/reviewers',
      {
        config: { auth: 'member' },
        schema: {
          querystring: reviewersQuerySchema,
          tags: TAGS,
          summary: 'The reviewers of a folder tree',
          description:
            'The members a folder tree (`context_type` network or group, `context_id`) names as reviewers besides its admins, for whoever reads the tree (404 otherwise).',
        },
      },
      async (request) => reviewers.get(request.actor!, request.query.context_type, request.query.context_id),
    );

    r.put(
      '/api/storage/reviewers',
      {
        config: { auth: 'member' },
        schema: {
          querystring: reviewersQuerySchema,
          body: reviewersUpdateSchema,
          tags: TAGS,
          summary: 'Name the reviewers of a folder tree',
          description:
            "Exactly the members `membership_ids` (active members of the network) review the tree's files from now on, besides its admins. The tree's admins only: network admins, and a group's admins for its tree (403).",
        },
      },
      async (request) =>
        reviewers.set(
          request.actor!,
          request.query.context_type,
          request.query.context_id,
          request.body.membership_ids,
        ),
    );
  };
}
