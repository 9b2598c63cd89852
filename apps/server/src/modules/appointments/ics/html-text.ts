// Plain text of an appointment's sanitized HTML description, for the DESCRIPTION of a feed
// (the HTML itself goes to X-ALT-DESC, which few clients show). Line breaks and paragraphs stay,
// list items get a dash, links keep their address so that they still work in plain text.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  euro: '€',
  copy: '©',
  reg: '®',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity] ?? whole;
  });
}

/** Marks list items until the blank lines around them are settled. */
const BULLET = '\u0001';
const BLOCK_END = /<\/(p|div|h[1-6]|blockquote|pre|tr|table|ul|ol)\s*>/gi;

export function htmlToText(html: string): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\r\n?|\n/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, `\n${BULLET}`)
    .replace(BLOCK_END, '\n')
    .replace(/<a\s[^>]*?href\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_all, _q, dq, sq, inner) => {
      // Compared decoded, returned raw: the whole text is decoded once at the end.
      const rawHref = String(dq ?? sq ?? '').trim();
      const href = decodeEntities(rawHref);
      const label = String(inner).replace(/<[^>]*>/g, '');
      const shown = decodeEntities(label).trim();
      return !href || shown === href || `mailto:${shown}` === href ? label : `${label} (${rawHref})`;
    })
    .replace(/<[^>]*>/g, '');
  return (
    decodeEntities(text)
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
      .join('\n')
      // A list right after a paragraph starts on the next line, not after a blank one.
      .replace(new RegExp(`\n+${BULLET}`, 'g'), `\n${BULLET}`)
      .replaceAll(BULLET, '- ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
