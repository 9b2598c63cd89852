import { describe, expect, it } from 'vitest';
import { parseSearchText } from './query-text.ts';

const word = (text: string, prefix: string | null = null) => ({ text, phrase: false, prefix });
const last = (q: string) => parseSearchText(q).at(-1)?.required.at(-1)?.prefix;

describe('parseSearchText', () => {
  it('reads words, phrases, exclusions and alternatives as websearch does', () => {
    expect(parseSearchText('Kaffee "neue Maschine" -Tee --Milch or Protok')).toEqual([
      {
        required: [word('Kaffee'), { text: 'neue Maschine', phrase: true, prefix: null }],
        excluded: [word('Tee'), word('Milch')],
      },
      { required: [word('Protok', 'Protok')], excluded: [] },
    ]);
  });

  it('matches the word typed last by its beginning: of three characters or more, punctuation around it dropped', () => {
    expect(last('Protok')).toBe('Protok');
    expect(last('Urlaub Dienst')).toBe('Dienst');
    expect(parseSearchText('Urlaub Dienst')[0]?.required[0]?.prefix).toBeNull();
    expect(last('abc')).toBe('abc');
    expect(last('ab')).toBeNull();
    expect(last('Ärger,')).toBe('Ärger');
    expect(last('plan-2024')).toBeNull();
    expect(last('"Kaffee"')).toBeNull();
    expect(parseSearchText('Kaffee -Milch')[0]?.excluded[0]?.prefix).toBeNull();
  });

  it('takes any text: open quotes, lone operators, an `or` at either end', () => {
    expect(parseSearchText('"offen')).toEqual([
      { required: [{ text: 'offen', phrase: true, prefix: null }], excluded: [] },
    ]);
    expect(parseSearchText('- "" -"" or')).toEqual([{ required: [word('-'), word('or')], excluded: [] }]);
    expect(parseSearchText('a-b -')).toEqual([{ required: [word('a-b'), word('-')], excluded: [] }]);
    expect(parseSearchText("&|!():* 'x':*")).toEqual([{ required: [word('&|!():*'), word("'x':*")], excluded: [] }]);
    expect(parseSearchText('   ')).toEqual([]);
  });
});
