import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** How much of an upload is read to tell its type (office formats name their parts early). */
export const SNIFF_BYTES = 64 * 1024;

/** The image types the images and assets directories accept: what browsers show and sharp reads (and icons). */
export const IMAGE_CONTENT_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/svg+xml',
  'image/x-icon',
]);

/** Text types recognised by extension once the bytes are known to be text; others are text/plain. */
const TEXT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  markdown: 'text/markdown',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/**
 * Reads the first `size` bytes of a stream without losing them: `body` yields the whole stream
 * again, the head first, and the rest as it arrives (with the source's back-pressure).
 */
export async function peek(source: Readable, size: number = SNIFF_BYTES): Promise<{ head: Buffer; body: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    let finished = ended;
    try {
      if (head.length) yield head;
      while (!finished) {
        const next = await iterator.next();
        if (next.done) finished = true;
        else yield next.value;
      }
    } finally {
      // Stopped early (the consumer failed): let the source go too.
      if (!finished) await iterator.return?.();
    }
  }
  return { head: head.subarray(0, size), body: Readable.from(whole(), { objectMode: false }) };
}

/**
 * The content type of an upload from its first bytes: the magic numbers file-type knows, else a
 * text or binary guess. The client's claim is never asked; the extension only refines text.
 */
export async function sniffContentType(head: Buffer, extension: string): Promise<string> {
  if (head.length === 0) return 'application/octet-stream';
  const detected = await fileTypeFromBuffer(head);
  // XML is text whose root says more (an SVG image, say).
  if (detected && detected.mime !== 'application/xml') return detected.mime;
  if (looksLikeText(head)) return textType(head, extension);
  return detected?.mime ?? 'application/octet-stream';
}

export const isImageType = (contentType: string) => IMAGE_CONTENT_TYPES.has(contentType);

const BY_EXTENSION = new Set(['text/plain', ...Object.values(TEXT_TYPES)]);

/**
 * The type of text whose name changed after it was sniffed (the name field came after the
 * bytes): types taken from the extension follow the new one; types the bytes showed stay.
 */
export function renamedTextType(contentType: string, extension: string): string {
  if (!BY_EXTENSION.has(contentType)) return contentType;
  return TEXT_TYPES[extension] ?? 'text/plain';
}

function looksLikeText(head: Buffer): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    // Tab, line feed, form feed, carriage return and escape occur in text.
    if ((byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 27) || byte === 0x7f) {
      control++;
    }
  }
  return control <= head.length / 100;
}

function textType(head: Buffer, extension: string): string {
  const start = head
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  const lower = start.toLowerCase();
  if (lower.startsWith('<')) {
    if (/^<!doctype html|^<html[\s>]/.test(lower) || /<(head|body|script|iframe)[\s>]/.test(lower)) return 'text/html';
    if (/<svg[\s>]/.test(lower)) return 'image/svg+xml';
    if (lower.startsWith('<?xml')) return 'application/xml';
  }
  if (extension === 'html' || extension === 'htm') return 'text/html';
  return TEXT_TYPES[extension] ?? 'text/plain';
}
