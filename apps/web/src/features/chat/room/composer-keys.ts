type KeyInput = {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** True while an input method (Japanese, Chinese ...) composes a character: Enter confirms it. */
  isComposing?: boolean;
};

/**
 * What a key press in the composer does (spec 5): Enter sends; with shift, ctrl, alt or meta it
 * breaks the line instead; Escape leaves quoting or editing.
 */
export function composerKeyAction(event: KeyInput): 'send' | 'newline' | 'cancel' | null {
  if (event.isComposing) return null;
  if (event.key === 'Escape') return 'cancel';
  if (event.key !== 'Enter') return null;
  return event.shiftKey || event.ctrlKey || event.altKey || event.metaKey ? 'newline' : 'send';
}

/** The text with a line break at the selection, and where the caret goes after it. */
export function insertNewline(text: string, start: number, end: number): { text: string; caret: number } {
  return { text: `${text.slice(0, start)}\n${text.slice(end)}`, caret: start + 1 };
}
