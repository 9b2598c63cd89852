// The search group: a world of 1,000,000 documents of every search module (activities, messages,
// appointments, files, folders, memberships, groups) over 10,000 members and 200 groups, with
// German text of a Zipf distribution and access keys as the modules make them, kept on
// PostgreSQL in the database agora_bench_search so that a rerun does not write it again (written
// anew when its size or generator changes); the indexing throughput through the index driver's
// upsert; and 200 queries of one to three words (rare, common, mixed, prefixes of names), asked
// in turn by a member of many groups, of few, a guest and a network administrator: the overview
// and the activities' first and fifth page, through the driver's query and highlight as the
// search service asks them, p50 and p99. Then the same on PGlite with a smaller world
// (src/seed/bench-search.ts; --search-documents, --search-pglite).
import { measureSearch, postgresReachable, type SearchFigures } from '@agora/server/bench-support';
import { markdownTable, ms } from './table.ts';

export type SearchReport = { runs: SearchFigures[]; failure: string | null };

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Every page of results must answer within this (p99) on PostgreSQL. */
const P99_TARGET_MS = 150;
/** A query still running after this long is cancelled and counted as timed out. */
const TIMEOUT_MS = 3_000;

export async function runSearchBench(options: {
  documents: number;
  pgliteDocuments: number;
  indexing: number;
}): Promise<SearchReport> {
  const runs: SearchFigures[] = [];
  const progress = (label: string) => (text: string) => console.log(`  search (${label}): ${text}`);
  try {
    const postgresUrl = process.env.DATABASE_URL || POSTGRES_URL;
    if (await postgresReachable(postgresUrl)) {
      runs.push(
        await measureSearch({
          documents: options.documents,
          indexing: options.indexing,
          adminUrl: postgresUrl,
          targetMs: P99_TARGET_MS,
          timeoutMs: TIMEOUT_MS,
          progress: progress('PostgreSQL'),
        }),
      );
    }
    runs.push(
      await measureSearch({
        documents: options.pgliteDocuments,
        indexing: Math.min(options.indexing, 10_000),
        targetMs: P99_TARGET_MS,
        timeoutMs: TIMEOUT_MS,
        progress: progress('PGlite'),
      }),
    );
    const slow = runs
      .filter((r) => r.database === 'PostgreSQL')
      .flatMap((r) =>
        r.pages.filter((p) => p.p99Ms > P99_TARGET_MS).map((p) => `${p.name}: p99 ${p.p99Ms.toFixed(1)} ms`),
      );
    return { runs, failure: slow.length ? `over ${P99_TARGET_MS} ms on PostgreSQL: ${slow.join(', ')}` : null };
  } catch (error) {
    return { runs, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatSearchReport(report: SearchReport): string {
  const lines = ['## Search (the index driver, as the search service asks it)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  if (report.runs.length === 0) return lines.join('\n');
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const kinds = [...new Set(report.runs.flatMap((r) => r.pages.flatMap((p) => Object.keys(p.byKind))))];
  lines.push(
    ...markdownTable(
      ['database', 'documents', 'written in', 'indexed through the driver', 'documents per second'],
      report.runs.map((r) => [
        r.database,
        r.documents.toLocaleString('en'),
        r.reused ? 'kept from a former run' : s(r.generateMs),
        `${r.indexing.documents.toLocaleString('en')} in ${s(r.indexing.ms)}`,
        r.indexing.perSecond.toFixed(0),
      ]),
    ),
    '',
    ...markdownTable(
      ['database', 'page', 'queries', 'p50', 'p99', 'max', 'timeouts', ...kinds.map((k) => `p99 ${k}`)],
      report.runs.flatMap((r) =>
        r.pages.map((p) => [
          r.database,
          p.name,
          String(p.requests),
          ms(p.p50Ms),
          ms(p.p99Ms),
          ms(p.maxMs),
          String(p.timeouts),
          ...kinds.map((k) => ms(p.byKind[k] ?? Number.NaN)),
        ]),
      ),
    ),
    '',
    ...report.runs.flatMap((r) => r.pages.map((p) => `Slowest on ${r.database}, ${p.name}: ${p.slowest}`)),
  );
  for (const run of report.runs.filter((r) => r.plan))
    lines.push('', `The slowest query on ${run.database}, explained:`, '', '```', ...run.plan!, '```');
  return lines.join('\n');
}
