import { describe, expect, it } from 'vitest';
import { findUnsafeInput, hasUnsafeCharacters } from './input-safety.ts';

describe('hasUnsafeCharacters', () => {
  it.each(['a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'])('finds %j', (text) =>
    expect(hasUnsafeCharacters(text)).toBe(true),
  );
  it.each(['', 'Grüße 日本語 😀', '\u0001', '\ud83d\ude00'])('lets %j through', (text) =>
    expect(hasUnsafeCharacters(text)).toBe(false),
  );
});

describe('findUnsafeInput', () => {
  it('names the field holding unsafe text', () => {
    expect(findUnsafeInput({ user: { email: 'a@b.c', password: 'x\u0000' } })).toEqual({
      path: ['user', 'password'],
      reason: 'invalid_characters',
    });
    expect(findUnsafeInput({ ids: ['1', '\ud800'] })).toEqual({ path: ['ids', 1], reason: 'invalid_characters' });
  });

  it('checks object keys too', () => {
    expect(findUnsafeInput({ 'a\u0000': 1 })?.reason).toBe('invalid_characters');
  });

  it('refuses hostile nesting without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)?.reason).toBe('too_deep');
  });

  it('lets ordinary input through', () => {
    expect(findUnsafeInput({ a: [1, true, null, { b: 'c' }], d: 'Ελληνικά' })).toBeNull();
    expect(findUnsafeInput(undefined)).toBeNull();
  });
});
