import { withoutLoneSurrogates } from '@agora/contracts';

/** Longest file name kept, in characters (file systems allow 255 bytes; names are shown, not stored as paths). */
export const MAX_FILE_NAME_LENGTH = 200;
const MAX_EXTENSION_LENGTH = 16;
const FALLBACK_NAME = 'file';

// C0 and C1 controls, and the bidirectional overrides that make `exe.pdf` look like `fdp.exe`.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A client's file name made safe to show and to send back in headers: no path parts, no
 * control or direction characters, trimmed (also of the dots and spaces Windows drops), and
 * shortened in the middle of the stem so that the extension survives.
 */
export function sanitizeFileName(raw: string | undefined | null): string {
  let name = (raw ?? '').normalize('NFC').replace(UNSAFE, '');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  if (name === '' || /^\.+$/.test(name)) return FALLBACK_NAME;
  const chars = Array.from(name);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const extension = extensionOf(name);
  const suffix = extension ? `.${extension}` : '';
  const stem = Array.from(name.slice(0, name.length - suffix.length));
  return (
    stem
      .slice(0, MAX_FILE_NAME_LENGTH - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

/** The lower-case extension without its dot, '' when there is none (`.bashrc` has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  const extension = name.slice(dot + 1).toLowerCase();
  return extension.length <= MAX_EXTENSION_LENGTH && /^[\p{L}\p{N}_-]+$/u.test(extension) ? extension : '';
}

/**
 * A Content-Disposition header naming the file in every browser: an ASCII fallback in
 * `filename` and the exact name in RFC 5987's `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  let fallback = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\%]/g, '_')
    .trim();
  // A name of letters ASCII lacks (写真.png) still gets a stem.
  if (fallback === '' || fallback.startsWith('.')) fallback = FALLBACK_NAME + fallback;
  // A name stored before lone surrogates were refused would make encodeURIComponent throw.
  const encoded = encodeURIComponent(withoutLoneSurrogates(name)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
