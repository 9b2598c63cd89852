// Plain text of an appointment's sanitized HTML description, for the DESCRIPTION of a feed
// (the HTML itself goes to X-ALT-DESC, which few clients show). Line breaks and paragraphs stay,
// list items get a dash, links keep their address so that they still work in plain text.
import { compile, type SelectorDefinition } from 'html-to-text';

/** One line break around a block: a description reads as the form showed it, without gaps. */
const block = (selector: string, format = 'block'): SelectorDefinition => ({
  selector,
  format,
  options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
});

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector): SelectorDefinition => ({
  selector,
  format: 'heading',
  options: { leadingLineBreaks: 1, trailingLineBreaks: 1, uppercase: false },
}));

// Compiled once: the feed converts the description of every event it lists.
const convert = compile({
  // Folding long lines is the ICS writer's business (75 octets, see fold.ts).
  wordwrap: false,
  // A no-break space is written as a plain one.
  whitespaceCharacters: ' \t\r\n\f\u200b\u00a0',
  selectors: [
    block('p', 'paragraph'),
    block('div'),
    block('blockquote'),
    block('pre', 'pre'),
    ...headings,
    {
      selector: 'ul',
      format: 'unorderedList',
      options: { itemPrefix: '- ', leadingLineBreaks: 1, trailingLineBreaks: 1 },
    },
    { selector: 'ol', format: 'orderedList', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    {
      selector: 'a',
      options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['(', ')'], ignoreHref: false },
    },
    // Cells in columns, rows on lines of their own.
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'hr', format: 'lineBreak' },
    { selector: 'img', format: 'skip' },
  ],
});

export function htmlToText(html: string): string {
  // Not trim(): an ordered list's first item starts with a space, as its others do.
  return html ? convert(html).replace(/^\n+|\s+$/g, '') : '';
}
