// The directory on PostgreSQL: the member list of the large network (src/seed/large.ts) with a
// filter and with a search, the same paths as the scenarios GET /directory/members (filter) and
// (search) that the main run measures on the embedded default. Target: p99 under 100 ms on PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { postgresReachable, seedLargeIntoPostgres } from '@agora/server/bench-support';
import { DIRECTORY_FILTER_PATHS, DIRECTORY_SEARCH_PATHS } from './scenarios.ts';
import { startServer, type RunningServer } from './server.ts';

export type Session = { cookie: string; csrf: string };

export type DirectoryRow = {
  /** 'PostgreSQL', or the main run's embedded database as its server names it. */
  database: string;
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
};

export type DirectoryFigures = {
  members: number;
  rows: DirectoryRow[];
  postgresSkipped: string | null;
  failure: string | null;
};

export type DirectoryBenchOptions = {
  /** The main run's figures of the two scenarios (its embedded database), shown beside PostgreSQL's. */
  pglite: DirectoryRow[];
  members: number;
  password: string;
  viewerEmail: string;
  scratchDir: string;
  duration: number;
  warmup: number;
  signIn(url: string, email: string): Promise<Session>;
};

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_P99_MS = 100;

export const DIRECTORY_SCENARIOS = [
  ['GET /directory/members (filter)', DIRECTORY_FILTER_PATHS],
  ['GET /directory/members (search)', DIRECTORY_SEARCH_PATHS],
] as const;

export async function runDirectoryBench(options: DirectoryBenchOptions): Promise<DirectoryFigures> {
  const figures: DirectoryFigures = {
    members: options.members,
    rows: [...options.pglite],
    postgresSkipped: null,
    failure: null,
  };
  const adminUrl = process.env.DATABASE_URL || POSTGRES_URL;
  if (!(await postgresReachable(adminUrl))) {
    figures.postgresSkipped = `no PostgreSQL answers at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`;
    return figures;
  }
  const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'directory-postgres-'));
  const started = Date.now();
  const seeded = await seedLargeIntoPostgres(adminUrl, dataDir, {
    members: options.members,
    password: options.password,
  });
  console.log(`  directory: seeded PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir, { databaseUrl: seeded.databaseUrl });
    const session = await options.signIn(server.url, options.viewerEmail);
    const headers = { cookie: session.cookie, accept: 'application/json' };
    // 10 connections as in the main run; one connection for the time a single request takes.
    for (const connections of [10, 1]) {
      for (const [scenario, paths] of DIRECTORY_SCENARIOS) {
        const first = await fetch(server.url + paths[0], { headers });
        if (!first.ok) throw new Error(`${paths[0]} answered ${first.status}: ${await first.text()}`);
        if (options.warmup > 0) await load(server.url, paths, headers, options.warmup, connections);
        const result = await load(server.url, paths, headers, options.duration, connections);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${scenario}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        figures.rows.push({
          database: 'PostgreSQL',
          scenario,
          connections,
          requestsPerSecond: result.requests.average,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
        });
        console.log(
          `  directory: ${scenario} on PostgreSQL, ${connections} conn: ${result.requests.average.toFixed(1)} req/s`,
        );
      }
    }
    // The target is the time a request takes; with 10 connections on two cores the figures also
    // hold the queue in front of it, and whatever else the machine runs.
    const slow = figures.rows.filter(
      (r) => r.database === 'PostgreSQL' && r.connections === 1 && r.latencyP99Ms >= TARGET_P99_MS,
    );
    if (slow.length > 0) {
      figures.failure = `p99 at or over ${TARGET_P99_MS} ms on PostgreSQL: ${slow.map((r) => r.scenario).join(', ')}`;
    }
  } catch (error) {
    figures.failure = error instanceof Error ? error.message : String(error);
  } finally {
    await server?.stop();
    await seeded.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

export function formatDirectoryReport(figures: DirectoryFigures): string {
  const lines = [
    `Directory of ${figures.members} members (paths in turn, see scenarios.ts)`,
    '| database | scenario | conn | req/s | p50 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|',
    ...figures.rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${r.connections} | ${r.requestsPerSecond.toFixed(1)} | ${r.latencyP50Ms} | ${r.latencyP99Ms} |`,
    ),
  ];
  if (figures.postgresSkipped) lines.push(`PostgreSQL skipped: ${figures.postgresSkipped}`);
  if (figures.failure) lines.push(`FAILED: ${figures.failure}`);
  return lines.join('\n');
}

function load(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  duration: number,
  connections: number,
) {
  return autocannon({
    url: url + paths[0],
    headers,
    connections,
    duration,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p, headers })),
  });
}
