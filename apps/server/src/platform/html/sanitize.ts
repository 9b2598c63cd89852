import sanitize from 'sanitize-html';
import { CODE_LANGUAGES, EDITOR_COLORS } from '@agora/contracts';

const BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|\\d\\d?)';
const COLOUR_VALUES = [
  new RegExp(`^(?:${EDITOR_COLORS.join('|')})$`, 'i'),
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  new RegExp(`^rgb\\(\\s*${BYTE}\\s*,\\s*${BYTE}\\s*,\\s*${BYTE}\\s*\\)$`, 'i'),
];

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
const MENTION_ID = /^[0-9a-f]{24}$/;

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'span',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    code: ['class'],
    // Mentions: `data-type="mention"` with the member's or group's id, its name and marker (@ or #).
    span: ['style', 'data-type', 'data-id', 'data-label', 'data-marker'],
  },
  allowedClasses: { code: CODE_LANGUAGES.map((language) => `language-${language}`) },
  allowedStyles: { span: { color: COLOUR_VALUES } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The text of these is never content: drop it together with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title'],
  transformTags: {
    span: (tagName, attribs) => {
      const { 'data-type': type, 'data-id': id, 'data-label': label, 'data-marker': marker, ...rest } = attribs;
      // A mention keeps its data only whole: a 24-hex id and a known marker.
      if (type !== 'mention' || !id || !MENTION_ID.test(id) || (marker !== '@' && marker !== '#')) {
        return { tagName, attribs: rest };
      }
      return {
        tagName,
        attribs: { ...rest, 'data-type': type, 'data-id': id, 'data-label': label ?? '', 'data-marker': marker },
      };
    },
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      const safe: Record<string, string> = {};
      // Relative and scheme-less links are dropped too: the editor always stores absolute ones.
      if (href && SAFE_HREF.test(href.trim())) safe.href = href.trim();
      // A new window must not reach back into ours (window.opener) nor learn where it came from.
      if (target === '_blank') Object.assign(safe, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: safe };
    },
  },
};

/** Every HTML the server stores from a rich-text editor passes here: what the editor can make survives, nothing else. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
