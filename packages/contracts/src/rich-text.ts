/**
 * The rich-text editor's fixed choices (administration spec, section 9): the editor offers
 * them, and the server's sanitizer keeps nothing else.
 */
export const EDITOR_HEADING_LEVELS = [1, 2, 3, 4, 5] as const;

export const EDITOR_COLORS = [
  'red',
  'green',
  'blue',
  'orange',
  'goldenrod',
  'indigo',
  'purple',
  'violet',
  'hotpink',
  'olive',
  'mediumseagreen',
  'limegreen',
  'dimgrey',
] as const;
export type EditorColor = (typeof EDITOR_COLORS)[number];

/** Code block languages; 'plain' is a code block without highlighting. */
export const CODE_LANGUAGES = ['plain', 'bash', 'css', 'html', 'js', 'markdown', 'ruby', 'sql'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
