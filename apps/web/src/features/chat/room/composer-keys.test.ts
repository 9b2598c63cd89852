import { describe, expect, it } from 'vitest';
import { composerKeyAction, insertNewline } from './composer-keys.ts';

const key = (k: string, modifiers: Partial<Record<'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...modifiers,
});

describe('composerKeyAction', () => {
  it('sends on Enter alone', () => {
    expect(composerKeyAction(key('Enter'))).toBe('send');
  });

  it.each(['shiftKey', 'ctrlKey', 'altKey', 'metaKey'] as const)('breaks the line on Enter with %s', (modifier) => {
    expect(composerKeyAction(key('Enter', { [modifier]: true }))).toBe('newline');
  });

  it('leaves Enter to an input method while it composes, and cancels on Escape', () => {
    expect(composerKeyAction({ ...key('Enter'), isComposing: true })).toBeNull();
    expect(composerKeyAction(key('Escape'))).toBe('cancel');
    expect(composerKeyAction(key('a'))).toBeNull();
  });

  it('inserts the line break at the selection', () => {
    expect(insertNewline('Hallo Welt', 5, 6)).toEqual({ text: 'Hallo\nWelt', caret: 6 });
  });
});
