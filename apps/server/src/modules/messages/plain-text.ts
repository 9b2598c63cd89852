import { convert } from 'html-to-text';

/** The text of a message's HTML: what notifications, mails and search show. */
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
