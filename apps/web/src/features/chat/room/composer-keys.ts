import { fieldKey, type KeyInput } from '../../../ui/field-keys.ts';

const ACTIONS = { enter: 'send', modified_enter: 'newline', escape: 'cancel' } as const;

/**
 * What a key press in the composer does (spec 5): Enter sends; with shift, ctrl, alt or meta it
 * breaks the line instead; Escape leaves quoting or editing; nothing while an input method composes.
 */
export function composerKeyAction(event: KeyInput): 'send' | 'newline' | 'cancel' | null {
  const key = fieldKey(event);
  return key ? ACTIONS[key] : null;
}

/** The text with a line break at the selection, and where the caret goes after it. */
export function insertNewline(text: string, start: number, end: number): { text: string; caret: number } {
  return { text: `${text.slice(0, start)}\n${text.slice(end)}`, caret: start + 1 };
}
