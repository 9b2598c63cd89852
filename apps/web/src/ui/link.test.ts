import { describe, expect, it } from 'vitest';
import { normalizeLink } from './link.ts';

describe('normalizeLink', () => {
  it('adds https:// to an entry with a dot and no scheme', () => {
    expect(normalizeLink('www.example.com')).toBe('https://www.example.com');
    expect(normalizeLink(' example.com/path?q=1 ')).toBe('https://example.com/path?q=1');
    expect(normalizeLink('example.com:8080/x')).toBe('https://example.com:8080/x');
  });

  it('keeps an entry with a scheme', () => {
    expect(normalizeLink('http://example.com')).toBe('http://example.com');
    expect(normalizeLink('https://example.com')).toBe('https://example.com');
    expect(normalizeLink('mailto:max@example.com')).toBe('mailto:max@example.com');
    expect(normalizeLink('tel:+49301234')).toBe('tel:+49301234');
  });

  it('keeps entries without a dot, relative paths and anchors', () => {
    expect(normalizeLink('intranet')).toBe('intranet');
    expect(normalizeLink('/files/1.pdf')).toBe('/files/1.pdf');
    expect(normalizeLink('#top')).toBe('#top');
    expect(normalizeLink('localhost:3000')).toBe('localhost:3000');
  });

  it('removes the link for an empty entry and refuses script URLs', () => {
    expect(normalizeLink('')).toBeNull();
    expect(normalizeLink('   ')).toBeNull();
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('JavaScript:alert(1)')).toBeNull();
    expect(normalizeLink('data:text/html,x')).toBeNull();
  });
});
