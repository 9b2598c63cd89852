import type { Readable } from 'node:stream';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { IMAGE_SIZES, type ImageSize } from '@agora/contracts';

/**
 * Bumped whenever the rendering below changes: it is part of every variant's storage key and
 * ETag, so that variants made by an older rule are made again instead of served from caches.
 */
export const RENDER_REVISION = 1;

/**
 * sharp (libvips) decodes from the whole encoded input; a stream piped into it is collected
 * into one buffer first. So the memory bound is this cap on the encoded bytes, checked while
 * reading; the decoded pixels are bounded by MAX_INPUT_PIXELS (a decompression bomb stops there).
 */
export const MAX_INPUT_BYTES = 100 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 16384 * 16384;

/** Asset previews (logos, favicons) fit inside this square. */
export const PREVIEW_SIZE = 512;

/** JPEG quality of opaque variants: visually lossless for photos at a fraction of the bytes. */
const JPEG_QUALITY = 82;

export type RenderedImage = {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
};

/** The input is no image sharp can read, or is larger than the caps above. */
export class UnreadableImageError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`unreadable image: ${reason}`, options);
  }
}

export type SizeRule = { fit: 'cover'; width: number; height: number } | { fit: 'inside'; max: number };

export function isImageSize(value: string): value is ImageSize {
  return (IMAGE_SIZES as readonly string[]).includes(value);
}

/** 'WxH' fills exactly W by H, cropping what sticks out; 'N' fits inside N by N. */
export function sizeRule(size: ImageSize): SizeRule {
  const [width, height] = size.split('x').map(Number);
  if (height === undefined) return { fit: 'inside', max: width! };
  return { fit: 'cover', width: width!, height };
}

/** One of the sizes of `GET /api/storage/images/{id}/get/{size}`, from the original's bytes. */
export async function renderImageSize(source: Readable, size: ImageSize): Promise<RenderedImage> {
  const input = await readCapped(source);
  const rule = sizeRule(size);
  return render(input, {}, (image) =>
    rule.fit === 'cover'
      ? // 'attention' keeps the most striking part (faces, saturated detail) in a square crop,
        // where the centre often cuts a portrait at the chin.
        image.resize(rule.width, rule.height, { fit: 'cover', position: 'attention' })
      : image.resize(rule.max, rule.max, { fit: 'inside', withoutEnlargement: true }),
  );
}

const SVG_TYPES = new Set(['image/svg+xml']);

/**
 * The preview of an asset (a logo, a favicon): inside 512x512, never enlarged. SVG is
 * rasterised, at the density that makes its longer side 512 pixels, because an SVG served
 * inline could run script in our origin.
 */
export async function renderAssetPreview(source: Readable, contentType: string): Promise<RenderedImage> {
  const input = await readCapped(source);
  let density: number | undefined;
  if (SVG_TYPES.has(contentType)) {
    const meta = await metadataOf(input, {});
    const longer = Math.max(meta.width ?? 0, meta.height ?? 0);
    // sharp measures an SVG at 72 dpi; libvips accepts densities from 1 to 100000.
    if (longer > 0) density = Math.min(100_000, Math.max(1, (72 * PREVIEW_SIZE) / longer));
  }
  return render(input, density ? { density } : {}, (image) =>
    image.resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true }),
  );
}

/** The type of a stored variant from its first bytes (we only ever write these two). */
export function variantContentType(head: Buffer): RenderedImage['contentType'] | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type LoadOptions = { density?: number };

async function render(input: Buffer, load: LoadOptions, resize: (image: Sharp) => Sharp): Promise<RenderedImage> {
  const meta = await metadataOf(input, load);
  // Orientation is applied to the pixels; without keepMetadata/withMetadata sharp writes no
  // EXIF, XMP, IPTC or ICC data (colours are converted to sRGB), so GPS positions, camera
  // serials and the like never leave the server.
  const image = resize(sharp(input, loadOptions(load)).autoOrient());
  // PNG where the original can be transparent (logos, screenshots with alpha), JPEG otherwise:
  // both open everywhere, including mail clients and the desktop tools members save images to.
  const output = meta.hasAlpha
    ? image.png({ compressionLevel: 9, adaptiveFiltering: true })
    : image.jpeg({ quality: JPEG_QUALITY, progressive: true });
  try {
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: meta.hasAlpha ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw new UnreadableImageError('rendering failed', { cause: error });
  }
}

function loadOptions(load: LoadOptions): SharpOptions {
  return {
    // Photos from phones often end in a few stray bytes; only what libvips cannot decode fails.
    failOn: 'error',
    limitInputPixels: MAX_INPUT_PIXELS,
    // The first frame of an animated GIF or WebP makes the thumbnail.
    animated: false,
    ...(load.density ? { density: load.density } : {}),
  };
}

async function metadataOf(input: Buffer, load: LoadOptions): Promise<Metadata> {
  try {
    const meta = await sharp(input, loadOptions(load)).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new Error('too many pixels');
    return meta;
  } catch (error) {
    throw new UnreadableImageError('no image sharp can read', { cause: error });
  }
}

async function readCapped(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > MAX_INPUT_BYTES) {
      source.destroy();
      throw new UnreadableImageError(`larger than ${MAX_INPUT_BYTES} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}
