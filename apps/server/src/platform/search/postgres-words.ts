import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { SearchConfig } from './language.ts';
import { parseSearchText, type QueryAlternative } from './query-text.ts';

/**
 * A query as PostgreSQL matches it (tsquery text, `''` when it has no words): `full` with words
 * matched by their beginning too, `exact` without (null: the same), so that a word found as
 * typed ranks above words it only begins.
 */
export type QueryWords = { full: string; exact: string | null };

const CONFIGS: readonly SearchConfig[] = ['german', 'english', 'spanish', 'french', 'simple'];

/** Letters no stemmer takes for an ending: appended to a word, they keep its end from being cut. */
const UNCUT = 'qxq';

/**
 * A word found in this many documents or more is matched as typed only: the words it begins are
 * read from the index as one list of all their documents, where its own list alone is walked
 * newest first and left early, and it finds plenty as typed.
 */
export const COMMON_WORD_DOCUMENTS = 10_000;

/** A term's forms as the database makes them (tsquery texts, lexemes), and whether the index holds its lexemes often. */
type Forms = {
  stemmed: string;
  written: string;
  folded: string[] | null;
  lowered: string[] | null;
  common: string[] | null;
};

/** One term of the query as tsquery text: its forms, deduplicated, and the words it begins. */
function termText(forms: Forms, begins: string[]): string {
  const whole = [...new Set([forms.stemmed, forms.written].filter((f) => f !== ''))];
  // A form that is one lexeme a beginning covers is left out: the index reads each entry once.
  const covered = (form: string) => {
    const lexeme = /^'([^'\\]*)'$/.exec(form)?.[1];
    return lexeme !== undefined && begins.some((b) => lexeme.startsWith(b));
  };
  const parts = [...whole.filter((f) => !covered(f)).map((f) => `(${f})`), ...begins.map((b) => `${lexeme(b)}:*`)];
  return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
}

const lexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The beginnings a word matches: as the network's stemmer writes its letters without cutting an
 * ending (German drops the umlauts and writes ß as ss: "Müll" begins `mulltrenn`; stemming the
 * beginning itself would take "Feuer" for an inflected `feu`) and as typed, lower case (names).
 * One drops the other when it begins with it.
 */
function beginnings(forms: Forms): string[] {
  const folded =
    forms.folded?.length === 1 && forms.folded[0]!.endsWith(UNCUT) ? forms.folded[0]!.slice(0, -UNCUT.length) : null;
  const lowered = forms.lowered?.length === 1 ? forms.lowered[0]! : null;
  const all = [...new Set([folded, lowered].filter((b): b is string => b !== null && b !== ''))];
  if (all.some((b) => forms.common?.includes(b))) return [];
  return all.filter((b) => !all.some((other) => other !== b && b.startsWith(other)));
}

/**
 * The tsquery of the alternatives (or-ed): each one's terms all required, in any of their forms,
 * none of its exclusions. Stop words of the network's language are left out, as websearch leaves
 * them out, unless the alternative has no other word (then they are matched as written, names).
 */
function assemble(config: SearchConfig, alternatives: QueryAlternative[], forms: Forms[], prefixed: boolean): string {
  let at = 0;
  const out: string[] = [];
  for (const { required, excluded } of alternatives) {
    const req = required.map((term) => ({ term, forms: forms[at++]! }));
    const exc = excluded.map(() => forms[at++]!);
    const stop = (f: Forms) => config !== 'simple' && f.stemmed === '';
    const words = req.some((r) => !stop(r.forms)) ? req.filter((r) => !stop(r.forms)) : req;
    const parts = words
      .map((r) => {
        const begins = prefixed && r.term.prefix !== null && !stop(r.forms) ? beginnings(r.forms) : [];
        return r.forms.stemmed === '' && r.forms.written === '' && begins.length === 0 ? '' : termText(r.forms, begins);
      })
      .filter((p) => p !== '');
    // Exclusions alone match everything else, as websearch_to_tsquery('-word') does.
    for (const f of exc) if (!stop(f) && (f.stemmed !== '' || f.written !== '')) parts.push(`!${termText(f, [])}`);
    if (parts.length === 0) continue;
    out.push(parts.length === 1 ? parts[0]! : `(${parts.join(' & ')})`);
  }
  return out.join(' | ');
}

/**
 * The query's words, stemmed by the database in one statement (websearch reads each term, a
 * word's beginnings are its lexeme), then put together here; kept for the queries asked last,
 * since the highlights ask for the same query right after its hits.
 */
export function createQueryWords(db: Db, keep = 500) {
  const kept = new Map<string, Promise<QueryWords>>();
  async function make(config: SearchConfig, q: string): Promise<QueryWords> {
    if (!CONFIGS.includes(config)) throw new Error(`Unknown text search configuration ${config}`);
    const alternatives = parseSearchText(q);
    const terms = alternatives.flatMap((a) => [...a.required, ...a.excluded]);
    if (terms.length === 0) return { full: '', exact: null };
    const cfg = sql.raw(`'${config}'::regconfig`);
    const result = (await db.execute(sql`
      select websearch_to_tsquery(${cfg}, t.text)::text as stemmed,
        websearch_to_tsquery('simple'::regconfig, t.text)::text as written,
        case when t.word <> '' then array(select lexeme from unnest(to_tsvector(${cfg}, t.word || ${UNCUT}))) end as folded,
        case when t.word <> '' then array(select lexeme from unnest(to_tsvector('simple'::regconfig, t.word))) end as lowered,
        case when t.word <> '' then array(
          select m.lexeme from pg_stats s
            join pg_class c on c.oid = to_regclass('search_documents')
            cross join unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as m(lexeme, freq)
          where s.schemaname = current_schema() and s.tablename = 'search_documents' and s.attname = 'tsv'
            and m.freq * c.reltuples >= ${COMMON_WORD_DOCUMENTS}
            and (m.lexeme = lower(t.word)
              or m.lexeme || ${UNCUT} in (select lexeme from unnest(to_tsvector(${cfg}, t.word || ${UNCUT}))))) end as common
      from unnest(${sql.param(terms.map((t) => (t.phrase ? `"${t.text}"` : t.text)))}::text[],
        ${sql.param(terms.map((t) => t.prefix ?? ''))}::text[]) with ordinality as t(text, word, i)
      order by t.i`)) as unknown as { rows: Forms[] };
    const forms = result.rows;
    const full = assemble(config, alternatives, forms, true);
    const exact = assemble(config, alternatives, forms, false);
    return { full, exact: exact === full ? null : exact };
  }
  return (config: SearchConfig, q: string): Promise<QueryWords> => {
    const key = `${config}\u0000${q}`;
    let words = kept.get(key);
    if (!words) {
      words = make(config, q);
      kept.set(key, words);
      words.catch(() => kept.delete(key));
      if (kept.size > keep) kept.delete(kept.keys().next().value!);
    }
    return words;
  };
}
