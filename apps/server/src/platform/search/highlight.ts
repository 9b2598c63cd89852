/**
 * ts_headline marks the matched words with two control characters that no indexed text holds
 * (they are stripped when indexing): the fragment is escaped as a whole, then the markers become
 * `<mark>` tags, so that the text of a hit can never turn into markup.
 */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_STOP = '\u0002';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An escaped fragment with `<mark>` around the matched words; null when nothing in it matched. */
export function markFragment(fragment: string): string | null {
  if (!fragment.includes(HIGHLIGHT_START)) return null;
  return escapeHtml(fragment).replaceAll(HIGHLIGHT_START, '<mark>').replaceAll(HIGHLIGHT_STOP, '</mark>');
}

/** A text with every occurrence of `part` (in any case) marked, escaped; null when it holds none. */
export function markPart(text: string, part: string): string | null {
  const needle = part.toLowerCase();
  const lower = text.toLowerCase();
  // Only where lower-casing keeps the length are the positions the same in both.
  if (needle === '' || lower.length !== text.length || !lower.includes(needle)) return null;
  let out = '';
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
    out += `${escapeHtml(text.slice(at, i))}<mark>${escapeHtml(text.slice(i, i + needle.length))}</mark>`;
    at = i + needle.length;
  }
  return out + escapeHtml(text.slice(at));
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g; // eslint-disable-line no-control-regex
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as the index takes it: at most `max` characters, without control characters (NUL above
 * all, which PostgreSQL text cannot hold, and the highlight markers) and without half
 * characters (a cut between the halves of a surrogate pair).
 */
export function indexableText(text: string | undefined, max: number): string {
  return (text ?? '').slice(0, max).replace(CONTROL, ' ').replace(LONE_SURROGATE, '');
}
