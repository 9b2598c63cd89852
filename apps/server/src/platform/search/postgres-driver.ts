import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_LIMITS, type SearchHighlight, type SearchModule } from '@agora/contracts';
import type { Db } from '../db/client.ts';
import type { DriverQuery, SearchDriver, SearchRef } from './driver.ts';
import type { SearchConfig } from './language.ts';
import type { SearchDocument } from './types.ts';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, indexableText, markFragment, markPart } from './highlight.ts';
import { searchDocuments as d } from './tables.ts';

/**
 * The longest text of each field that is indexed: a tsvector holds at most 1 MB, and what is
 * longer is hardly searched for beyond its beginning.
 */
export const INDEX_CAPS = { title: 1_000, content: 100_000, attachmentContent: 400_000, valuesContent: 20_000 };
/** Text a statement of the upsert carries at most (a batch of large documents is split). */
const BATCH_CHARS = 4_000_000;
/** Content fields are highlighted from their beginning only: ts_headline reads all it is given. */
const HEADLINE_CHARS = 20_000;
/** Texts up to this length are shown whole. */
const SHORT_CHARS = 240;
const FRAGMENTS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxFragments=3, MaxWords=30, MinWords=10, FragmentDelimiter=${'\u0003'}`;
const WHOLE = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, HighlightAll=true`;

/**
 * A content field's fragments around the words found; a short text whole (cut to fragments it
 * would lose its first words), a long one from its beginning only.
 */
const fragments = (column: AnyPgColumn) => sql`case
  when ${column} = '' then null
  when length(${column}) <= ${SHORT_CHARS} then ts_headline(${d.language}::regconfig, ${column}, q.query, ${WHOLE})
  else ts_headline(${d.language}::regconfig, left(${column}, ${HEADLINE_CHARS}), q.query, ${FRAGMENTS}) end`;

const CONFIGS: readonly SearchConfig[] = ['german', 'english', 'spanish', 'french', 'simple'];

/**
 * What the query matches: the network's stemming, or the words as written (names, other
 * languages). The configuration is written into the statement (one of five names), so that the
 * planner computes the query when planning and estimates from the words' statistics how many
 * rows it matches: a common word is walked newest first, a rare one read from the words' index.
 */
const tsQuery = (config: SearchConfig, q: string) => {
  if (!CONFIGS.includes(config)) throw new Error(`Unknown text search configuration ${config}`);
  const eitherForm = (text: string) =>
    sql`(websearch_to_tsquery('${sql.raw(config)}'::regconfig, ${text}) || websearch_to_tsquery('simple'::regconfig, ${text}))`;
  const { wanted, excluded } = splitExclusions(q);
  if (excluded.length === 0) return eitherForm(q);
  // An excluded word leaves out a text holding it in either form: a text's body is indexed
  // stemmed only, so "-steigt" as written alone would let a body with "steigt" (`steig`) through.
  return sql`(${eitherForm(wanted)} && !!${eitherForm(excluded.join(' or '))})`;
};

/**
 * The terms a query in websearch syntax excludes (`-word`, `-"a phrase"`, each after a space or
 * at the start), and the query without them.
 */
export function splitExclusions(q: string): { wanted: string; excluded: string[] } {
  const excluded: string[] = [];
  const wanted = q.replace(/(^|\s)-("[^"]*"?|[^\s"-][^\s"]*)/g, (_match, space: string, term: string) => {
    excluded.push(term);
    return space;
  });
  return { wanted, excluded };
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Row = {
  network_id: string;
  module: string;
  id: string;
  group_id: string | null;
  access: string[];
  title: string;
  content: string;
  attachment: string;
  vals: string;
  cfg: string;
  sort_at: string;
};

function rowOf(doc: SearchDocument, config: string): Row {
  return {
    network_id: doc.networkId,
    module: doc.module,
    id: doc.id,
    group_id: doc.groupId,
    access: doc.access,
    title: indexableText(doc.title, INDEX_CAPS.title),
    content: indexableText(doc.content, INDEX_CAPS.content),
    attachment: indexableText(doc.attachmentContent, INDEX_CAPS.attachmentContent),
    vals: indexableText(doc.valuesContent, INDEX_CAPS.valuesContent),
    cfg: doc.language === 'simple' ? 'simple' : config,
    sort_at: doc.sortAt.toISOString(),
  };
}

/** Rows in statements of at most BATCH_CHARS of text each. */
function batches(rows: Row[]): Row[][] {
  const out: Row[][] = [];
  let current: Row[] = [];
  let size = 0;
  for (const row of rows) {
    const chars = row.title.length + row.content.length + row.attachment.length + row.vals.length;
    if (current.length > 0 && size + chars > BATCH_CHARS) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(row);
    size += chars;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The index in `search_documents`, on PostgreSQL and PGlite alike. */
export function createPostgresDriver(db: Db, engine: 'pglite' | 'postgres' = 'pglite'): SearchDriver {
  return {
    async upsert(docs, config, tx = db) {
      for (const batch of batches(docs.map((doc) => rowOf(doc, config)))) {
        // One statement per batch: the weights make a title count most, then the text, then
        // attachments and profile values; a title's words also as written (names).
        await tx.execute(sql`
          insert into ${d} (network_id, module, document_id, group_id, access, title, content,
            attachment_content, values_content, language, tsv, sort_at, indexed_at)
          select r.network_id, r.module, r.id, r.group_id,
            array(select jsonb_array_elements_text(r.access)), r.title, r.content, r.attachment, r.vals, r.cfg,
            setweight(to_tsvector(r.cfg::regconfig, r.title), 'A')
              || setweight(to_tsvector('simple', r.title), 'A')
              || setweight(to_tsvector(r.cfg::regconfig, r.content), 'B')
              || setweight(to_tsvector(r.cfg::regconfig, r.attachment), 'C')
              || setweight(to_tsvector(r.cfg::regconfig, r.vals), 'C'),
            r.sort_at, now()
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(network_id text, module text,
            id text, group_id text, access jsonb, title text, content text, attachment text, vals text,
            cfg text, sort_at timestamptz)
          on conflict (network_id, module, document_id) do update set
            group_id = excluded.group_id, access = excluded.access, title = excluded.title,
            content = excluded.content, attachment_content = excluded.attachment_content,
            values_content = excluded.values_content, language = excluded.language, tsv = excluded.tsv,
            sort_at = excluded.sort_at, indexed_at = excluded.indexed_at`);
      }
    },

    async remove(networkId, refs, tx = db) {
      if (refs.length === 0) return;
      await tx.execute(sql`
        delete from ${d} using jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) as r(module text, id text)
        where ${d.networkId} = ${networkId} and ${d.module} = r.module and ${d.documentId} = r.id`);
    },

    async now() {
      const result = (await db.execute(sql`select now() as now`)) as unknown as { rows: Array<{ now: string | Date }> };
      return new Date(result.rows[0]!.now);
    },

    async removeIndexedBefore(networkId, module, before) {
      const result = (await db.execute(sql`
        delete from ${d} where ${d.networkId} = ${networkId} and ${d.module} = ${module}
          and ${d.indexedAt} < ${before.toISOString()}::timestamptz
        returning 1`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },

    async query(query) {
      const rows = await queryRows(db, engine, query);
      const hits: SearchRef[] = [];
      const totals: Partial<Record<SearchModule, number>> = {};
      for (const row of rows) {
        totals[row.module] = Number(row.total);
        if (row.id !== null) hits.push({ module: row.module, id: row.id });
      }
      return { hits, totals };
    },

    async highlight(query, refs) {
      const out = new Map<string, SearchHighlight>();
      if (refs.length === 0) return out;
      const result = (await db.execute(sql`
        with q as (select ${tsQuery(query.config, query.q)} as query)
        select ${d.module} as module, ${d.documentId} as id,
          ts_headline(${d.language}::regconfig, ${d.title}, q.query, ${WHOLE}) as title,
          ${fragments(d.content)} as content,
          ${fragments(d.attachmentContent)} as attachment,
          ${fragments(d.valuesContent)} as vals
        from ${d}, q
        join jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) as r(module text, id text) on true
        where ${d.networkId} = ${query.networkId} and ${d.module} = r.module and ${d.documentId} = r.id`)) as unknown as {
        rows: Array<{
          module: SearchModule;
          id: string;
          title: string;
          content: string | null;
          attachment: string | null;
          vals: string | null;
        }>;
      };
      for (const row of result.rows) {
        const highlight: SearchHighlight = {};
        // A name found by a part of it ("Schm") has that part marked instead.
        const title =
          markFragment(row.title) ?? (query.nameModules.includes(row.module) ? markPart(row.title, query.q) : null);
        if (title) highlight.title = [title];
        const fields = [
          ['content', row.content],
          ['attachment.content', row.attachment],
          ['values.content', row.vals],
        ] as const;
        for (const [field, text] of fields) {
          const marked = (text ?? '')
            .split('\u0003')
            .map(markFragment)
            .filter((f): f is string => f !== null);
          if (marked.length > 0) highlight[field] = marked;
        }
        out.set(`${row.module}:${row.id}`, highlight);
      }
      return out;
    },
  };
}

type QueryRow = { module: SearchModule; id: string | null; total: number | string };

/**
 * Relevance ranks the newest matches of a module up to this many: ranking reads each match's
 * word positions, which for a common word over a large index costs seconds, while finding the
 * newest matches walks the date index and stops. A word found in thousands of documents is
 * narrowed by more words or by "newest" anyway.
 */
export const RANK_WINDOW = 500;

/**
 * Up to this many access keys, the access index may serve the query too (a member's own
 * messages); beyond, the keys are checked per match by a hash (a network admin holds a key per
 * group, and an array overlap compares every key with every element).
 */
const INDEXED_KEYS_MAX = 32;

/**
 * One module's part of a search: its newest matches up to SEARCH_LIMITS.countMax + 1 (or the
 * page's end, when later), walked once; their number is the module's count, the newest of them
 * up to the window are ranked when relevance is asked, and the page's rows are returned (a row
 * with a null id when none). The walk stops early on a common word (the date index, a limit)
 * and is a small bitmap scan on a rare one; the planner picks by the word's statistics. A query
 * without words (stop words, punctuation) matches nothing by text; names may still match by a
 * part.
 */
function moduleRows(query: DriverQuery, module: SearchModule) {
  // Keys start with their module's name: only these can open its documents.
  const moduleKeys = query.keys.filter((key) => key.startsWith(`${module}:`));
  const keys = sql`${sql.param(moduleKeys)}::text[]`;
  const access =
    moduleKeys.length <= INDEXED_KEYS_MAX
      ? sql`${d.access} && ${keys}`
      : sql`exists (select 1 from unnest(${d.access}) as a(k) where a.k = any(${keys}))`;
  // Names are also found by a part of them (the trigram index serves it, OR-ed with the words').
  const byName = query.nameModules.includes(module) ? sql`or ${d.title} ilike ${likePattern(query.q)}` : sql``;
  const tsq = tsQuery(query.config, query.q);
  const matches = sql`${d.networkId} = ${query.networkId} and ${d.module} = ${module} and ${access}
    ${query.groupId === null ? sql`` : sql`and ${d.groupId} = ${query.groupId}`}
    and ((numnode(${tsq}) > 0 and ${d.tsv} @@ ${tsq}) ${byName})`;
  // One walk serves the count and the page: a common word reads the date index once (before,
  // the count and the page each walked it, or each built a bitmap of all the word's matches).
  const last = query.offset + query.limit;
  const window = query.sort === 'newest' ? last : Math.max(RANK_WINDOW, last);
  const walked = Math.max(SEARCH_LIMITS.countMax + 1, window);
  const order = query.sort === 'newest' ? sql`` : sql`ts_rank_cd(c.tsv, ${tsq}) desc,`;
  return sql`(with m as materialized (
      select ${d.documentId} as document_id, ${d.sortAt} as sort_at
        ${query.sort === 'newest' ? sql`` : sql`, ${d.tsv} as tsv`}
      from ${d}
      where ${matches}
      order by ${d.sortAt} desc nulls last, ${d.documentId} desc nulls last
      limit ${walked}
    )
    select ${module}::text as module, p.document_id as id, t.total, p.n
    from (select count(*) as total from m) t
    left join (
      select ranked.document_id, ranked.n from (
        select c.document_id, row_number() over (order by ${order} c.sort_at desc nulls last, c.document_id desc) as n
        from (select * from m order by m.sort_at desc nulls last, m.document_id desc limit ${window}) c
      ) ranked
      where ranked.n > ${query.offset} and ranked.n <= ${last}
    ) p on true)`;
}

async function queryRows(db: Db, engine: 'pglite' | 'postgres', query: DriverQuery): Promise<QueryRow[]> {
  // One part per module, with the module and its own keys as constants: the planner then knows
  // how many rows each key and the module select, and picks the access index, the words' index
  // or the date index for each part.
  const parts = query.modules.map((module) => moduleRows(query, module));
  const rows = (result: unknown) => (result as { rows: QueryRow[] }).rows;
  // PGlite runs one statement at a time: one statement for all.
  if (engine === 'pglite') return rows(await db.execute(sql`${sql.join(parts, sql` union all `)} order by module, n`));
  // PostgreSQL runs the modules' parts side by side on the pool's connections, so that a search
  // takes as long as its slowest module rather than all of them one after another. JIT
  // compiling a part that looks expensive costs more than it saves here, and an exact bitmap of
  // a common word's matches needs more than the default memory.
  const run = (statement: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(PART_SETTINGS);
      return rows(await tx.execute(statement));
    });
  const answers: QueryRow[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < parts.length) {
      const i = next++;
      answers[i] = await run(sql`${parts[i]!} order by n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, parts.length) }, worker));
  return answers.flat();
}

/** A module part's settings on PostgreSQL, for its transaction. */
export const PART_SETTINGS = sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`;

/** Module parts a search runs at once on PostgreSQL (each holds a connection of the pool meanwhile). */
const PARALLEL_PARTS = 4;
