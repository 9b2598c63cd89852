/** A piece of a message's plain text: text as it is, or a web address made clickable. */
export type TextPart = { type: 'text'; value: string } | { type: 'link'; value: string; href: string };

// http(s) addresses and bare www. addresses; anything up to white space or a bracket that
// commonly encloses an address.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.org.").
const TRAILING = /[.,;:!?'"»)\]}]+$/;

function trimTrailing(address: string): string {
  let value = address.replace(TRAILING, '');
  // A closing bracket belongs to the address when it opens one too (Wikipedia's "(disambiguation)").
  const rest = address.slice(value.length);
  if (rest.startsWith(')') && (value.match(/\(/g)?.length ?? 0) > (value.match(/\)/g)?.length ?? 0)) value += ')';
  return value;
}

/**
 * Splits a message's text into text and links. Messages are plain text: the parts are rendered
 * as React text nodes (escaped), never as HTML, so a link is the only markup a message can make.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const value = trimTrailing(match[0]);
    if (!value || /^(https?:\/\/|www\.)$/i.test(value)) continue;
    const start = match.index;
    if (start > last) parts.push({ type: 'text', value: text.slice(last, start) });
    const href = /^www\./i.test(value) ? `https://${value}` : value;
    parts.push({ type: 'link', value, href });
    last = start + value.length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}
