// The editor's fixed choices are shared with the server's sanitizer.
export {
  CODE_LANGUAGES,
  EDITOR_COLORS,
  EDITOR_HEADING_LEVELS,
  type CodeLanguage,
  type EditorColor,
} from '@agora/contracts';

/** Lines of the editor's plain text (blocks and hard breaks each begin one); none when empty. */
export function countLines(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}
