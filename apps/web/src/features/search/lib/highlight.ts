import { SEARCH_LIMITS } from '@agora/contracts';

/** A run of text, marked where the query matched. */
export type Segment = { text: string; marked: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The server's escaping undone: what was `&lt;b&gt;` in a post is the text `<b>` again. */
function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * A highlighted fragment (escaped text with `<mark>` around the matches) as plain segments: only
 * `<mark>` means anything, every other tag stays text, so nothing of a fragment ever becomes markup.
 */
export function highlightSegments(fragment: string): Segment[] {
  const segments: Segment[] = [];
  let marked = false;
  for (const part of fragment.split(/(<\/?mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else if (part) segments.push({ text: unescape(part), marked });
  }
  return segments;
}

/** Segments cut after `limit` characters (the spec's 600 of a preview), with an ellipsis when cut. */
export function cutSegments(segments: Segment[], limit: number = SEARCH_LIMITS.previewChars): Segment[] {
  const cut: Segment[] = [];
  let left = limit;
  for (const segment of segments) {
    if (segment.text.length <= left) {
      cut.push(segment);
      left -= segment.text.length;
      continue;
    }
    cut.push({ text: `${segment.text.slice(0, left).trimEnd()}…`, marked: segment.marked });
    break;
  }
  return cut;
}

/** Several fragments of one field, joined by an ellipsis as one preview. */
export function fragmentsSegments(fragments: string[]): Segment[] {
  return fragments.flatMap((fragment, index) => [
    ...(index > 0 ? [{ text: ' … ', marked: false }] : []),
    ...highlightSegments(fragment),
  ]);
}

/** The text of stored HTML (a message, a description), read without running or loading anything. */
export function plainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}
