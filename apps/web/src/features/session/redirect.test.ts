import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('follows paths of this site', () => {
    expect(safeRedirect('/appointments/123?x=1')).toBe('/appointments/123?x=1');
  });
  it('never leaves the site', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
