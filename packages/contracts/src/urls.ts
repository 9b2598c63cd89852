import { z } from './zod.ts';

/** The longest address any URL field takes. */
export const URL_MAX_LENGTH = 2000;

// A path on this server: one slash, not two (`//host` leaves it), no backslash (browsers read it as one).
const RELATIVE_PATH = /^\/(?![/\\])[^\s\\]*$/;

function isWebUrl(value: string, relative: boolean, absolute: boolean): boolean {
  if (relative && RELATIVE_PATH.test(value)) return true;
  if (!absolute) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/**
 * The one rule for every URL field: an `http`/`https` address or a path on this server, at most
 * URL_MAX_LENGTH characters; `javascript:`, `data:` and other schemes are refused with
 * `invalid_url`. Fields shown as images take paths only (`absolute: false`), as the pages load
 * images from this server alone; links to meetings and sites take full addresses only.
 */
export function webUrlSchema(options: { relative?: boolean; absolute?: boolean } = {}) {
  const { relative = true, absolute = true } = options;
  return z
    .string()
    .trim()
    .max(URL_MAX_LENGTH, 'too_long')
    .refine((value) => isWebUrl(value, relative, absolute), 'invalid_url');
}
