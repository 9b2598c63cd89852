import type { KeyboardEvent } from 'react';

/** What a key pressed in a text field asks for: Enter (plain or with a modifier) or Escape. */
export type FieldKey = 'enter' | 'modified_enter' | 'escape' | null;

export type KeyInput = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'> & {
  /** True while an input method (Japanese, Chinese ...) composes a character: Enter confirms it. */
  isComposing?: boolean;
};

/**
 * The key a text field acts on (the chat's composer, the header's search): Enter alone, Enter
 * with shift, ctrl, alt or meta, Escape; nothing while an input method composes, whose Enter
 * confirms a character.
 */
export function fieldKey(event: KeyInput): FieldKey {
  if (event.isComposing) return null;
  if (event.key === 'Escape') return 'escape';
  if (event.key !== 'Enter') return null;
  return event.shiftKey || event.ctrlKey || event.altKey || event.metaKey ? 'modified_enter' : 'enter';
}

/** What a React keyboard event says of its key, with its native event's composing state. */
export const keyInputOf = (event: KeyboardEvent): KeyInput => ({
  key: event.key,
  shiftKey: event.shiftKey,
  ctrlKey: event.ctrlKey,
  altKey: event.altKey,
  metaKey: event.metaKey,
  isComposing: event.nativeEvent.isComposing,
});
