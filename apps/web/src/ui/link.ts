/**
 * The link prompt of the rich-text editor (administration spec, section 5): an entry with a dot
 * and no scheme gets https:// (www.example.com), an empty entry removes the link (null). Relative
 * paths and anchors stay as they are; script and data URLs are refused like an empty entry.
 */
const SCHEME = /^([a-z][a-z0-9+-]*):/i;
const UNSAFE_SCHEMES = new Set(['javascript', 'data', 'vbscript']);

export function normalizeLink(input: string): string | null {
  const entry = input.trim();
  if (entry === '') return null;
  const scheme = SCHEME.exec(entry)?.[1]?.toLowerCase();
  if (scheme) {
    if (UNSAFE_SCHEMES.has(scheme)) return null;
    // "localhost:8080/x" names a port, not a scheme.
    if (!/^\d+(\/|$)/.test(entry.slice(scheme.length + 1))) return entry;
  }
  if (/^(\/|#|\?|\.)/.test(entry)) return entry;
  if (entry.includes('.')) return `https://${entry}`;
  return entry;
}
