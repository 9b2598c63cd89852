import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/core';
import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import markdown from 'highlight.js/lib/languages/markdown';
import plaintext from 'highlight.js/lib/languages/plaintext';
import ruby from 'highlight.js/lib/languages/ruby';
import sql from 'highlight.js/lib/languages/sql';
import xml from 'highlight.js/lib/languages/xml';
import { createLowlight } from 'lowlight';
import { EDITOR_HEADING_LEVELS } from './rich-text-options.ts';

// Only the spec's languages, under the spec's names: the bundle stays small, and the stored
// class names (language-js, language-html ...) are the ones the spec lists.
const lowlight = createLowlight({ bash, css, javascript, markdown, plaintext, ruby, sql, xml });
lowlight.registerAlias({ javascript: ['js'], xml: ['html'], plaintext: ['plain'] });

export function richTextExtensions(placeholder?: string): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...EDITOR_HEADING_LEVELS] },
      codeBlock: false,
      // Mantine's Link opens the link prompt on Mod+K.
      link: false,
    }),
    Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    CodeBlockLowlight.configure({ lowlight, defaultLanguage: 'plain' }),
    TextStyle,
    Color,
    CharacterCount,
    Placeholder.configure({ placeholder: placeholder ?? '' }),
  ];
}
