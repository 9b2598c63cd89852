/**
 * A search query as its words: websearch syntax ("a phrase", -excluded, `or`) read the way
 * PostgreSQL's `websearch_to_tsquery` reads it, so that a driver can match each word also by
 * its beginning ("Kaffee" finds "Kaffeemaschine", "Protok" finds "Protokoll"). Any text is a
 * query: quotes left open, operators and punctuation are words like others, never an error.
 */

/** Words shorter than this (in characters) are matched whole only: a prefix of one or two letters begins half the index. */
export const PREFIX_MIN_CHARS = 3;

export type QueryTerm = {
  /** The text as typed: one word (it may hold punctuation the index splits on), or a phrase's words. */
  text: string;
  phrase: boolean;
  /**
   * The word whose beginning is matched too: a word of letters and digits of at least
   * PREFIX_MIN_CHARS (punctuation around it dropped); null for phrases and other words.
   */
  prefix: string | null;
};

/** One alternative of a query (`a b or c` has two): all its terms required, none of its exclusions. */
export type QueryAlternative = { required: QueryTerm[]; excluded: QueryTerm[] };

const SPACE = /\s/u;
const WORD = /^[\p{L}\p{N}\p{M}]+$/u;
const AROUND = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}\p{M}]+$/gu;

function term(text: string, phrase: boolean): QueryTerm {
  const bare = phrase ? '' : text.replace(AROUND, '');
  const prefix = WORD.test(bare) && [...bare].length >= PREFIX_MIN_CHARS ? bare : null;
  return { text, phrase, prefix };
}

/**
 * The alternatives of a query. A `-` before a word or phrase (at the start or after a space)
 * excludes it; `"` opens a phrase up to the next `"` or the end; `or` between two terms
 * separates alternatives. Terms with nothing in them (a lone `-`, `""`) are left out.
 */
export function parseSearchText(q: string): QueryAlternative[] {
  type Token = { term: QueryTerm; excluded: boolean } | 'or';
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    if (SPACE.test(q[i]!)) {
      i++;
      continue;
    }
    let excluded = false;
    if (q[i] === '-' && i + 1 < q.length && !SPACE.test(q[i + 1]!)) {
      excluded = true;
      i++;
    }
    if (q[i] === '"') {
      const end = q.indexOf('"', i + 1);
      const text = q.slice(i + 1, end === -1 ? q.length : end).trim();
      i = end === -1 ? q.length : end + 1;
      if (text !== '') tokens.push({ term: term(text, true), excluded });
      continue;
    }
    let end = i;
    while (end < q.length && !SPACE.test(q[end]!) && q[end] !== '"') end++;
    // "--word" excludes the word, as "-word" does.
    const text = excluded ? q.slice(i, end).replace(/^-+/, '') : q.slice(i, end);
    i = end;
    if (!excluded && text.toLowerCase() === 'or') tokens.push('or');
    else if (text !== '') tokens.push({ term: term(text, false), excluded });
  }
  const alternatives: QueryAlternative[] = [];
  let current: QueryAlternative = { required: [], excluded: [] };
  tokens.forEach((token, at) => {
    if (token === 'or') {
      // Only between two terms: an `or` at either end (or next to another) is a word.
      const before = at > 0 && tokens[at - 1] !== 'or';
      const after = at + 1 < tokens.length && tokens[at + 1] !== 'or';
      if (before && after) {
        alternatives.push(current);
        current = { required: [], excluded: [] };
      } else current.required.push(term('or', false));
      return;
    }
    (token.excluded ? current.excluded : current.required).push(token.term);
  });
  alternatives.push(current);
  // Only the word typed last is matched by its beginning: a beginning is read from the words'
  // index as all the words it begins, which for a common word before a rare one costs what the
  // rare one alone saved.
  const last = tokens.at(-1);
  for (const token of tokens) if (token !== 'or' && (token !== last || token.excluded)) token.term.prefix = null;
  return alternatives.filter((a) => a.required.length > 0 || a.excluded.length > 0);
}
