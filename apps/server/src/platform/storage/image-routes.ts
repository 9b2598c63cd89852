import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_PATTERN } from '@agora/contracts';
import { HttpError, notFound } from '../errors.ts';
import { matchesEtag } from '../http/etag.ts';
import {
  isImageSize,
  MAX_INPUT_BYTES,
  RENDER_REVISION,
  renderAssetPreview,
  renderImageSize,
  UnreadableImageError,
  variantContentType,
  type RenderedImage,
} from './images.ts';
import { peek } from './sniff.ts';
import type { StoredObjectRow } from './tables.ts';
import type { StorageReader } from './types.ts';

/** What the routes render with; tests count the calls. */
export type ImageRenderers = {
  size: typeof renderImageSize;
  preview: typeof renderAssetPreview;
};

export type ImageRoutesDeps = {
  reader: StorageReader;
  renderers?: ImageRenderers;
  /** Where a failed write of a variant is reported; the request is answered regardless. */
  log?: { warn(details: object, message: string): void };
};

// Readability may change (a member leaves a group), so caches are private and short-lived.
const CACHE_CONTROL = 'private, max-age=86400';
// Favicons come as ICO, which sharp cannot read; ICO runs no script, so the original is served.
const ICON_TYPES = new Set(['image/x-icon', 'image/vnd.microsoft.icon']);

const imageParams = z.object({ id: z.string().max(64), size: z.string().max(16) });
const assetParams = z.object({ id: z.string().max(64) });

type Variant = { kind: 'rendered'; image: RenderedImage } | { kind: 'stored'; size: number };

/**
 * Image sizes and asset previews. Public, because logos show on pages before sign-in; the
 * reader answers 404 for what the requester may not read. A variant is made on its first
 * request, kept in the storage driver and served from there afterwards.
 */
export function imageRoutes(deps: ImageRoutesDeps) {
  const renderers = deps.renderers ?? { size: renderImageSize, preview: renderAssetPreview };
  // Concurrent first requests for one variant wait for one rendering (per process).
  const inFlight = new Map<string, Promise<Variant>>();

  const variantOf = (key: string, render: () => Promise<RenderedImage>): Promise<Variant> => {
    const running = inFlight.get(key);
    if (running) return running;
    const made = (async (): Promise<Variant> => {
      const stored = await deps.reader.driver.stat(key);
      if (stored) return { kind: 'stored', size: stored.size };
      const image = await render();
      try {
        await deps.reader.driver.put(key, Readable.from(image.data), { contentType: image.contentType });
      } catch (err) {
        deps.log?.warn({ err, key }, 'storing an image variant failed');
      }
      return { kind: 'rendered', image };
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, made);
    return made;
  };

  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    object: StoredObjectRow,
    variant: string,
    render: () => Promise<RenderedImage>,
  ) => {
    const etag = `"${object.id}-${variant}"`;
    if (matchesEtag(request.headers['if-none-match'], etag)) return cached(reply, etag).code(304).send();
    if (object.size > MAX_INPUT_BYTES) throw unreadableImage();

    const key = deps.reader.variantKey(object, variant);
    let result: Variant;
    try {
      result = await variantOf(key, render);
    } catch (error) {
      if (error instanceof UnreadableImageError) throw unreadableImage();
      throw error;
    }
    if (result.kind === 'rendered') {
      return cached(reply, etag)
        .type(result.image.contentType)
        .header('content-length', result.image.data.length)
        .send(result.image.data);
    }
    // Only JPEG and PNG are ever written, and the key does not say which: the first bytes do.
    const { head, body } = await peek(await deps.reader.driver.get(key), 8);
    return cached(reply, etag)
      .type(variantContentType(head) ?? 'application/octet-stream')
      .header('content-length', result.size)
      .send(body);
  };

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/storage/images/:id/get/:size',
      { config: { auth: 'public' }, schema: { params: imageParams, tags: ['storage'] } },
      async (request, reply) => {
        const { id, size } = request.params;
        if (!ID_PATTERN.test(id) || !isImageSize(size)) throw notFound();
        const object = await deps.reader.loadReadable(request.actor, request.network.id, 'images', id);
        const open = () => deps.reader.driver.get(object.key);
        return serve(request, reply, object, variantName(object, size), async () => renderers.size(await open(), size));
      },
    );

    r.get(
      '/api/storage/assets/:id/preview',
      { config: { auth: 'public' }, schema: { params: assetParams, tags: ['storage'] } },
      async (request, reply) => {
        const { id } = request.params;
        if (!ID_PATTERN.test(id)) throw notFound();
        const object = await deps.reader.loadReadable(request.actor, request.network.id, 'assets', id);
        if (ICON_TYPES.has(object.contentType)) return serveOriginal(request, reply, object, deps.reader);
        const open = () => deps.reader.driver.get(object.key);
        return serve(request, reply, object, variantName(object, 'preview'), async () =>
          renderers.preview(await open(), object.contentType),
        );
      },
    );
  };
}

/** A new version of the object or of the rendering rule makes a new variant (and ETag). */
function variantName(object: StoredObjectRow, variant: string): string {
  return `${variant}.v${object.version}.r${RENDER_REVISION}`;
}

async function serveOriginal(
  request: FastifyRequest,
  reply: FastifyReply,
  object: StoredObjectRow,
  reader: StorageReader,
) {
  const etag = `"${object.id}-original.v${object.version}"`;
  if (matchesEtag(request.headers['if-none-match'], etag)) return cached(reply, etag).code(304).send();
  const stream = await reader.driver.get(object.key);
  return cached(reply, etag).type(object.contentType).header('content-length', object.size).send(stream);
}

/** Headers of an answer that may be cached; errors get none of them, so they are not kept for a day. */
function cached(reply: FastifyReply, etag: string): FastifyReply {
  return reply.header('cache-control', CACHE_CONTROL).header('etag', etag).header('x-content-type-options', 'nosniff');
}

function unreadableImage() {
  return new HttpError(415, { error: 'image_unreadable' });
}
