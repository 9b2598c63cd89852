import { describe, expect, it } from 'vitest';
import { textParts } from './linkify.ts';

describe('textParts', () => {
  it('keeps plain text as one part', () => {
    expect(textParts('Hallo\nWelt')).toEqual([{ type: 'text', value: 'Hallo\nWelt' }]);
  });

  it('makes web addresses links, leaving closing punctuation outside', () => {
    expect(textParts('Siehe https://example.org/a?b=1. Danke')).toEqual([
      { type: 'text', value: 'Siehe ' },
      { type: 'link', value: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { type: 'text', value: '. Danke' },
    ]);
  });

  it('gives bare www addresses https and keeps balanced brackets', () => {
    expect(textParts('(www.example.org)')).toEqual([
      { type: 'text', value: '(' },
      { type: 'link', value: 'www.example.org', href: 'https://www.example.org' },
      { type: 'text', value: ')' },
    ]);
    expect(textParts('https://de.wikipedia.org/wiki/Agora_(Begriff)')[0]).toMatchObject({
      href: 'https://de.wikipedia.org/wiki/Agora_(Begriff)',
    });
  });

  it('never links script addresses or markup', () => {
    const parts = textParts('javascript:alert(1) <b>fett</b>');
    expect(parts).toEqual([{ type: 'text', value: 'javascript:alert(1) <b>fett</b>' }]);
  });
});
