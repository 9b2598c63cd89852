// The activities group: a network with 1,000,000 activities (fewer on PGlite, where writing them
// takes long; the count is printed), a member's `all` stream, its first page and a page far back
// (`before`), a group's stream, p50 and p99 over a few hundred requests, and posts one after
// another; on PGlite and on PostgreSQL, the server in the benchmark's own process
// (src/seed/bench-activities.ts).
import { measureActivities, type ActivityFigures } from '@agora/server/bench-support';

export type ActivitiesReport = { runs: ActivityFigures[]; failure: string | null };

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The stream's pages must answer within this (p99) on PostgreSQL. */
const P99_TARGET_MS = 100;

export async function runActivitiesBench(options: {
  activities: number;
  pgliteActivities: number;
  requests: number;
  posts: number;
}): Promise<ActivitiesReport> {
  const runs: ActivityFigures[] = [];
  try {
    for (const databaseUrl of [undefined, process.env.DATABASE_URL || POSTGRES_URL]) {
      const activities = databaseUrl ? options.activities : options.pgliteActivities;
      runs.push(await measureActivities({ ...options, activities, databaseUrl }));
    }
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

export function formatActivitiesReport(report: ActivitiesReport): string {
  const lines = ['## Activity streams (the server in process)', ''];
  if (report.failure) lines.push(`Failed: ${report.failure}`, '');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  if (report.runs.length === 0) return lines.join('\n');
  lines.push(
    '| database | activities (the member reads) | written in | page | requests | p50 | p99 | items |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
    ...report.runs.flatMap((f) =>
      f.pages.map(
        (p) =>
          `| ${f.database} | ${f.activities.toLocaleString('en')} (${f.readable.toLocaleString('en')}) | ${(f.generateMs / 1000).toFixed(1)} s | ${p.name} | ${p.requests} | ${ms(p.p50Ms)} | ${ms(p.p99Ms)} | ${p.items} |`,
      ),
    ),
    '',
    '| database | posts one after another | posts per second | p50 | p99 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...report.runs.map(
      (f) =>
        `| ${f.database} | ${f.posting.posts} | ${f.posting.perSecond.toFixed(1)} | ${ms(f.posting.p50Ms)} | ${ms(f.posting.p99Ms)} |`,
    ),
  );
  return lines.join('\n');
}
