import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@agora/contracts';
import { HttpError } from '../../platform/errors.ts';
import { WopiError, type Wopi } from './wopi.ts';

const TAGS = ['wopi'];
const params = z.object({ id: idSchema.describe('The file id.') });
const query = z.object({
  access_token: z
    .string()
    .max(4096)
    .optional()
    .describe('The token `GET /api/storage/files/{id}/{type}/host/{action}` issued.'),
  access_token_ttl: z.string().max(40).optional(),
});
const AUTH =
  'Authenticated by `access_token` only (no session, no CSRF token): an invalid or expired token is a 401, a file the member no longer reads a 404.';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Answers a WOPI failure as the protocol wants it: the status, and on a conflict the current lock. */
function fail(reply: FastifyReply, error: unknown) {
  if (error instanceof WopiError) {
    if (error.status === 409) {
      reply.header('X-WOPI-Lock', error.lock ?? '');
      if (error.reason) reply.header('X-WOPI-LockFailureReason', error.reason);
      if (error.reason === 'locked') reply.header('X-WOPI-LockedByOtherInterface', 'true');
    }
    return reply.code(error.status).send();
  }
  // Upload refusals (too large, an extension the network refuses): WOPI knows 413 and 500.
  if (error instanceof HttpError && error.statusCode === 413) return reply.code(413).send();
  throw error;
}

/**
 * The WOPI host endpoints an office server calls (CheckFileInfo, GetFile, PutFile, Lock,
 * RefreshLock, Unlock, GetLock), exactly at `/wopi/files/{id}`.
 */
export function wopiRoutes(deps: { wopi: Wopi; publicUrl: string }) {
  const { wopi } = deps;
  return async (app: FastifyInstance) => {
    // PutFile sends the document's bytes, with whatever content type: they stream to storage
    // untouched. Scoped to this plugin.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/wopi/files/:id',
      {
        config: { auth: 'public' },
        schema: { params, querystring: query, tags: TAGS, summary: 'WOPI CheckFileInfo', description: AUTH },
      },
      async (request, reply) => {
        try {
          return await wopi.checkFileInfo(
            request.network.id,
            request.params.id,
            request.query.access_token,
            deps.publicUrl,
          );
        } catch (error) {
          return fail(reply, error);
        }
      },
    );

    r.get(
      '/wopi/files/:id/contents',
      {
        config: { auth: 'public' },
        schema: { params, querystring: query, tags: TAGS, summary: 'WOPI GetFile', description: AUTH },
      },
      async (request, reply) => {
        try {
          const { object, version, body } = await wopi.getFile(
            request.network.id,
            request.params.id,
            request.query.access_token,
          );
          reply.header('X-WOPI-ItemVersion', String(version));
          reply.header('Content-Length', String(object.size));
          reply.type('application/octet-stream');
          return reply.send(body);
        } catch (error) {
          return fail(reply, error);
        }
      },
    );

    r.post(
      '/wopi/files/:id/contents',
      {
        config: { auth: 'public' },
        schema: {
          params,
          querystring: query,
          tags: TAGS,
          summary: 'WOPI PutFile',
          description: `The body becomes a new version of the file, or a pending version where a folder requires approval and the member does not review it. The lock in \`X-WOPI-Lock\` must be the file's (409 with the current lock otherwise). ${AUTH}`,
        },
      },
      async (request, reply) => {
        try {
          const saved = await wopi.putFile(
            request.network.id,
            request.params.id,
            request.query.access_token,
            header(request.headers['x-wopi-lock']),
            request.raw,
          );
          reply.header('X-WOPI-ItemVersion', String(saved.version));
          return reply.code(200).send();
        } catch (error) {
          return fail(reply, error);
        }
      },
    );

    r.post(
      '/wopi/files/:id',
      {
        config: { auth: 'public' },
        schema: {
          params,
          querystring: query,
          tags: TAGS,
          summary: 'WOPI Lock, RefreshLock, Unlock, GetLock',
          description: `By \`X-WOPI-Override\`: LOCK (with \`X-WOPI-OldLock\`: UnlockAndRelock), REFRESH_LOCK, UNLOCK, GET_LOCK; a lock lasts 30 minutes. Others: 501. A lock mismatch, a finalized file or one locked in storage by another member: 409 with \`X-WOPI-Lock\`. ${AUTH}`,
        },
      },
      async (request, reply) => {
        const override = header(request.headers['x-wopi-override'])?.toUpperCase();
        const lock = header(request.headers['x-wopi-lock']);
        const { id } = request.params;
        const networkId = request.network.id;
        const token = request.query.access_token;
        try {
          switch (override) {
            case 'LOCK': {
              const oldLock = header(request.headers['x-wopi-oldlock']);
              await wopi.lock(networkId, id, token, lock, oldLock);
              break;
            }
            case 'REFRESH_LOCK':
              await wopi.refreshLock(networkId, id, token, lock);
              break;
            case 'UNLOCK':
              await wopi.unlock(networkId, id, token, lock);
              break;
            case 'GET_LOCK':
              reply.header('X-WOPI-Lock', await wopi.getLock(networkId, id, token));
              break;
            default:
              // Only a valid token learns that the operation is not supported.
              await wopi.getLock(networkId, id, token);
              return reply.code(501).send();
          }
          return reply.code(200).send();
        } catch (error) {
          return fail(reply, error);
        }
      },
    );
  };
}
