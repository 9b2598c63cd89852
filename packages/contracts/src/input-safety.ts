/**
 * What no input may hold, whatever its route or event: checked once where requests and socket
 * events enter the server, before any schema or query sees them, so a new module is covered
 * without writing anything.
 */

/** Deeper JSON than this is refused: no form nests more than a few levels. */
export const INPUT_MAX_DEPTH = 32;

export type UnsafeInput = {
  /** Where in the value, as field names and indexes (empty: the value itself). */
  path: (string | number)[];
  /** `invalid_characters`: NUL or a lone surrogate, which PostgreSQL text cannot hold; `too_deep`. */
  reason: 'invalid_characters' | 'too_deep';
};

// A high surrogate without its low half, or a low one without its high half.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_CHARACTER = new RegExp(`\\u0000|${LONE_SURROGATE.source}`);

/** The text with each lone surrogate replaced by U+FFFD, as UTF-8 can carry it (older stored text). */
export function withoutLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** Whether a string holds a NUL character or an unpaired UTF-16 surrogate. */
export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/**
 * The first unsafe place in a parsed value (strings and object keys at any depth), or null.
 * Walks without recursion, so hostile nesting cannot overflow the stack.
 */
export function findUnsafeInput(value: unknown, maxDepth = INPUT_MAX_DEPTH): UnsafeInput | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeCharacters(current)) return { path, reason: 'invalid_characters' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= maxDepth) return { path, reason: 'too_deep' };
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], path: [...path, index] });
      continue;
    }
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      if (hasUnsafeCharacters(key)) return { path: [...path, key], reason: 'invalid_characters' };
      stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}
