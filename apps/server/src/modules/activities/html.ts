import { convert } from 'html-to-text';

/** The text of a post's HTML: what notifications, mails and search show. */
export function plainTextOf(html: string): string {
  if (!html) return '';
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

const MENTION_TAG = /<span\b[^>]*\bdata-type="mention"[^>]*>/gi;
const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? null;

/**
 * The members and groups the (sanitized) HTML mentions, in order, each once: the editor's
 * mention nodes (`data-marker` `@` for members, `#` for groups).
 */
export function mentionsOf(html: string): { memberIds: string[]; groupIds: string[] } {
  const memberIds = new Set<string>();
  const groupIds = new Set<string>();
  for (const [tag] of html.matchAll(MENTION_TAG)) {
    const id = attribute(tag, 'data-id');
    if (!id || !/^[0-9a-f]{24}$/.test(id)) continue;
    const marker = attribute(tag, 'data-marker');
    if (marker === '@') memberIds.add(id);
    else if (marker === '#') groupIds.add(id);
  }
  return { memberIds: [...memberIds], groupIds: [...groupIds] };
}

const LINK_HREF = /<a\b[^>]*\bhref="(https?:\/\/[^"]+)"/i;
const TEXT_URL = /\bhttps?:\/\/[^\s<>"']+/i;

/** The first http(s) address of a post: a link's target, else one written in the text. */
export function firstLinkOf(html: string, plain: string): string | null {
  const found = LINK_HREF.exec(html)?.[1] ?? TEXT_URL.exec(plain)?.[0] ?? null;
  if (!found) return null;
  const url = found.replace(/&amp;/g, '&').replace(/[.,;:!?)]+$/, '');
  return url.length <= 2000 ? url : null;
}
