import { describe, expect, it } from 'vitest';
import { createFileTokens, FILE_TOKEN_TTL_SECONDS } from './file-tokens.ts';

describe('file tokens', () => {
  const tokens = createFileTokens('a-session-secret-a-session-secret');
  const now = new Date('2026-05-01T10:00:00Z');

  it('open one object of one network for five minutes', () => {
    const token = tokens.issue('net', 'obj', now);
    expect(tokens.verify(token, 'net', 'obj', now)).toBe(true);
    expect(tokens.verify(token, 'net', 'obj', new Date(now.getTime() + FILE_TOKEN_TTL_SECONDS * 1000))).toBe(true);
    expect(tokens.verify(token, 'net', 'obj', new Date(now.getTime() + (FILE_TOKEN_TTL_SECONDS + 1) * 1000))).toBe(
      false,
    );
    expect(tokens.verify(token, 'net', 'other', now)).toBe(false);
    expect(tokens.verify(token, 'other', 'obj', now)).toBe(false);
  });

  it('cannot be forged or stretched', () => {
    const token = tokens.issue('net', 'obj', now);
    const [expires, signature] = token.split('.');
    expect(tokens.verify(`${Number(expires) + 3600}.${signature}`, 'net', 'obj', now)).toBe(false);
    expect(
      tokens.verify(createFileTokens('another-secret-another-secret-xx').issue('net', 'obj', now), 'net', 'obj', now),
    ).toBe(false);
    expect(tokens.verify('garbage', 'net', 'obj', now)).toBe(false);
    expect(tokens.verify('', 'net', 'obj', now)).toBe(false);
  });
});
