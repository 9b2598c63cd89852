import { describe, expect, it } from 'vitest';
import { webUrlSchema } from './urls.ts';

describe('webUrlSchema', () => {
  const any = webUrlSchema();
  it.each(['https://example.com/a?b=c', 'http://intranet.local:8080/x', '/api/storage/assets/1/preview'])(
    'takes %s',
    (value) => expect(any.safeParse(value).success).toBe(true),
  );
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/svg+xml,<svg/>',
    'vbscript:x',
    '//evil.example/x.png',
    '/\\evil.example',
    'ftp://example.com/x',
    'https://',
    'not a url',
    `https://example.com/${'a'.repeat(2000)}`,
  ])('refuses %s', (value) => expect(any.safeParse(value).success).toBe(false));

  it('takes paths only where asked', () => {
    const paths = webUrlSchema({ absolute: false });
    expect(paths.safeParse('/logo.png').success).toBe(true);
    expect(paths.safeParse('https://tracker.example/pixel.gif').error?.issues[0]?.message).toBe('invalid_url');
  });

  it('takes full addresses only where asked', () => {
    const full = webUrlSchema({ relative: false });
    expect(full.safeParse('/local').success).toBe(false);
    expect(full.safeParse('https://meet.example/room').success).toBe(true);
  });
});
