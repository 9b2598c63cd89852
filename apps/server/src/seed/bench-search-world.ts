// The world of the search benchmark (bench-search.ts): documents of every search module written
// by bulk statements straight into `search_documents`, with access keys shaped as the modules
// make them, and German text drawn from a vocabulary with a Zipf distribution (some words in
// a third of the documents, most in a few hundred). Generated in SQL (generate_series over the
// vocabulary as an array), a chunk at a time, on PostgreSQL and PGlite alike.
import type { SearchModule } from '@agora/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../platform/db/client.ts';
import { FIRST_NAMES, LAST_NAMES, searchVocabulary } from './bench-search-words.ts';

export const SEARCH_BENCH_NETWORK = 'net-search-bench';
export const SEARCH_BENCH_MEMBERS = 10_000;
export const SEARCH_BENCH_GROUPS = 200;
/** Every tenth group is hidden: only its members find it. */
const HIDDEN_EVERY = 10;

export const memberId = (i: number) => `mem-${String(i).padStart(6, '0')}`;
export const groupId = (i: number) => `grp-${String(i).padStart(6, '0')}`;

/** Shares of the documents besides one membership per member and one document per group. */
const SHARES: Array<[SearchModule, number]> = [
  ['activities', 51],
  ['messages', 25],
  ['appointments', 8],
  ['files', 12],
  ['folders', 3],
];

export type SearchWorld = { documents: number; byModule: Partial<Record<SearchModule, number>> };

/** How many documents of each module a world of `documents` has. */
export function worldShape(documents: number): SearchWorld {
  const fixed = SEARCH_BENCH_MEMBERS + SEARCH_BENCH_GROUPS;
  const rest = Math.max(0, documents - fixed);
  const total = SHARES.reduce((sum, [, share]) => sum + share, 0);
  const byModule: Partial<Record<SearchModule, number>> = {};
  let given = 0;
  for (const [module, share] of SHARES.slice(1)) {
    byModule[module] = Math.floor((rest * share) / total);
    given += byModule[module]!;
  }
  byModule.activities = rest - given;
  byModule.memberships = SEARCH_BENCH_MEMBERS;
  byModule.groups = SEARCH_BENCH_GROUPS;
  return { documents: rest + fixed, byModule };
}

/**
 * The index entry's text search vector. `mirroredTsv` is the one the PostgreSQL driver's upsert
 * writes (platform/search/postgres-driver.ts, which keeps it inside its statement): the title
 * weighs most and also counts as written (names), then the content, then the attachments' and
 * the profile values' text; `simple` rows are taken as written, the others stemmed.
 */
export type TsvExpression = (row: {
  config: SQL;
  title: SQL;
  content: SQL;
  attachmentContent: SQL;
  valuesContent: SQL;
}) => SQL;

export const mirroredTsv: TsvExpression = (r) =>
  sql`setweight(to_tsvector(${r.config}, ${r.title}), 'A') || setweight(to_tsvector('simple', ${r.title}), 'A')
    || setweight(to_tsvector(${r.config}, ${r.content}), 'B') || setweight(to_tsvector(${r.config}, ${r.attachmentContent}), 'C')
    || setweight(to_tsvector(${r.config}, ${r.valuesContent}), 'C')`;

/** A Zipf-drawn index 1..n (1 most often): floor(e^U) for U uniform in [0, ln(n + 1)). */
const zipf = (n: number | SQL) => sql`least(${n}, floor(exp(random() * ln(${n} + 1)))::int)`;
/**
 * `count` words drawn from the vocabulary, one text: correlated with g (drawn anew per row), and
 * with k in the aggregate's argument, which makes it the subquery's aggregate, not the row's.
 */
const words = (count: SQL) =>
  sql`(select coalesce(string_agg((${sql.raw('vocab.w')})[${zipf(sql.raw('vocab.n'))} + 0 * k], ' '), '') from generate_series(1, ${count} + 0 * g) k)`;
const group = (index: SQL) => sql`'grp-' || lpad((${index})::text, 6, '0')`;
const member = (index: SQL) => sql`'mem-' || lpad((${index})::text, 6, '0')`;

type ModuleRows = {
  /** The columns for row g of the module (from g = 1), as SQL over `g` and `vocab`. */
  groupId: SQL;
  access: SQL;
  title: SQL;
  content: SQL;
  attachmentContent: SQL;
  valuesContent: SQL;
  language: 'german' | 'simple';
};

/** Each module's rows, shaped like the module's source makes them. */
function moduleRows(module: SearchModule): ModuleRows {
  const anyGroup = zipf(SEARCH_BENCH_GROUPS);
  const anyMember = zipf(SEARCH_BENCH_MEMBERS);
  const uniformMember = sql`1 + floor(random() * ${SEARCH_BENCH_MEMBERS})::int`;
  const none = sql`''`;
  const net = SEARCH_BENCH_NETWORK;
  switch (module) {
    // A quarter in the network's stream, the others in groups' streams (the large ones busier).
    case 'activities':
      return {
        groupId: sql`case when g % 4 = 0 then null else ${group(anyGroup)} end`,
        access: sql`array[case when group_id is null then ${`activities:network:${net}`} else 'activities:group:' || group_id end]`,
        title: none,
        content: words(sql`8 + (g * 7) % 40`),
        attachmentContent: sql`case when g % 20 = 0 then ${words(sql`30`)} else '' end`,
        valuesContent: none,
        language: 'german',
      };
    // Every recipient holds a key: one who gets much (Zipf) and up to three others.
    case 'messages':
      return {
        groupId: sql`null::text`,
        access: sql`array(select distinct 'messages:member:' || r from unnest(array[${member(anyMember)}, ${member(uniformMember)},
          case when g % 2 = 0 then ${member(uniformMember)} end, case when g % 5 = 0 then ${member(uniformMember)} end]) r where r is not null)`,
        title: words(sql`2 + g % 5`),
        content: words(sql`10 + (g * 3) % 40`),
        attachmentContent: none,
        valuesContent: none,
        language: 'german',
      };
    // In a group's calendar, a member's own, or the network's.
    case 'appointments':
      return {
        groupId: sql`case when g % 10 < 6 then ${group(anyGroup)} end`,
        access: sql`array[case when group_id is not null then 'appointments:calendar:' || group_id
          when g % 10 < 9 then 'appointments:calendar:' || ${member(anyMember)} else ${`appointments:calendar:${net}`} end]`,
        title: words(sql`2 + g % 4`),
        content: words(sql`5 + g % 15`),
        attachmentContent: none,
        valuesContent: none,
        language: 'german',
      };
    // A group's files, or a member's own; some with the text extracted from a PDF.
    case 'files':
    case 'folders':
      return {
        groupId: sql`case when g % 20 < 17 then ${group(anyGroup)} end`,
        access: sql`array[case when group_id is not null then ${`${module}:group:`} || group_id else ${`${module}:member:`} || ${member(anyMember)} end]`,
        title:
          module === 'files'
            ? sql`${words(sql`1 + g % 3`)} || (array['.pdf', '.docx', '.xlsx', '.jpg', '.pptx'])[1 + g % 5]`
            : words(sql`1 + g % 2`),
        content: sql`case when g % 3 = 0 then ${words(sql`3 + g % 10`)} else '' end`,
        attachmentContent:
          module === 'files' ? sql`case when g % 5 < 2 then ${words(sql`30 + g % 90`)} else '' end` : none,
        valuesContent: none,
        language: module === 'files' ? 'german' : 'simple',
      };
    // Every member of the network, by name, with a position and a department.
    case 'memberships':
      return {
        groupId: sql`null::text`,
        access: sql`array[${`memberships:network:${net}`}]`,
        title: sql`(${`{${FIRST_NAMES.join(',')}}`}::text[])[1 + g % ${FIRST_NAMES.length}] || ' ' || (${`{${LAST_NAMES.join(',')}}`}::text[])[1 + (g * 7) % ${LAST_NAMES.length}]`,
        content: none,
        attachmentContent: none,
        valuesContent: words(sql`2`),
        language: 'simple',
      };
    // Visible groups are found by the network, hidden ones by their members only.
    case 'groups':
      return {
        groupId: group(sql`g`),
        access: sql`array[case when g % ${HIDDEN_EVERY} = 0 then 'groups:group:' || group_id else ${`groups:network:${net}`} end]`,
        title: words(sql`1 + g % 3`),
        content: words(sql`5 + g % 10`),
        attachmentContent: none,
        valuesContent: none,
        language: 'simple',
      };
  }
}

/** The document id of row g of a module. */
const documentId = (module: SearchModule) =>
  module === 'memberships'
    ? member(sql`g`)
    : module === 'groups'
      ? group(sql`g`)
      : sql`${`${module.slice(0, 3)}-`}::text || g`;

/**
 * Writes the world into `search_documents` (which must be empty), `chunk` rows per statement;
 * `progress` hears of each chunk. The secondary indexes are dropped first and made again at the
 * end (as a bulk load does it: built once instead of grown row by row), from their own
 * definitions, so the index is exactly the migrated one.
 */
export async function writeSearchWorld(
  database: Database,
  documents: number,
  options: { tsv?: TsvExpression; chunk?: number; progress?: (done: number) => void } = {},
): Promise<SearchWorld> {
  const world = worldShape(documents);
  const tsv = options.tsv ?? mirroredTsv;
  const chunk = options.chunk ?? 50_000;
  const { db } = database;
  const vocabulary = searchVocabulary();
  const vocabArray = `{${vocabulary.map((w) => `"${w}"`).join(',')}}`;
  const indexes = (await db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'search_documents' and indexdef not like '%UNIQUE%'`,
  )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> };
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index if exists "${index.indexname}"`));
  let done = 0;
  const base = Math.floor(Date.now() / 1000);
  for (const [module, count] of Object.entries(world.byModule) as Array<[SearchModule, number]>) {
    const rows = moduleRows(module);
    const config = sql.raw(`'${rows.language}'::regconfig`);
    for (let from = 1; from <= count; from += chunk) {
      const to = Math.min(count, from + chunk - 1);
      await db.execute(sql`
        insert into search_documents (network_id, module, document_id, group_id, access, title, content,
          attachment_content, values_content, language, tsv, sort_at)
        select ${SEARCH_BENCH_NETWORK}, ${module}, d.document_id, d.group_id, d.access, d.title, d.content,
          d.attachment_content, d.values_content, ${rows.language},
          ${tsv({
            config,
            title: sql`d.title`,
            content: sql`d.content`,
            attachmentContent: sql`d.attachment_content`,
            valuesContent: sql`d.values_content`,
          })},
          d.sort_at
        from (
          select ${documentId(module)} as document_id, group_id, ${rows.access} as access, ${rows.title} as title,
            ${rows.content} as content, ${rows.attachmentContent} as attachment_content,
            ${rows.valuesContent} as values_content, to_timestamp(${base}::bigint - g * 30) as sort_at
          from (select ${vocabArray}::text[] as w, ${vocabulary.length}::int as n) vocab,
            generate_series(${from}::int, ${to}::int) g
            cross join lateral (select ${rows.groupId} as group_id) gr
        ) d`);
      done += to - from + 1;
      options.progress?.(done);
    }
  }
  await db.execute(sql`set maintenance_work_mem = '256MB'`).catch(() => {});
  for (const index of indexes.rows) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`vacuum analyze search_documents`);
  return world;
}
