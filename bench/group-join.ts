// The join group: a closed group receives the join requests of 5,000 members (each member's own
// POST /api/v1/groups/{id}/join, ten at a time), its admin reads the requests page by page and
// accepts every one (ten at a time), on PGlite and on PostgreSQL. Each call's latency is
// measured, so the figures are throughput and p50/p99 per call.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { postgresReachable, seedJoinBenchInto, type JoinBenchSession } from '@agora/server/bench-support';
import { startServer, type RunningServer } from './server.ts';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'join-bench-secret-join-bench-secret-0000';
const CONCURRENCY = 10;
const PAGE = 100;

export type CallFigures = {
  calls: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
};

export type JoinRun = {
  database: 'PGlite' | 'PostgreSQL';
  members: number;
  join: CallFigures;
  list: CallFigures;
  accept: CallFigures;
  /** The group's member count at the end (the admin and every accepted member). */
  memberCount: number;
  failure: string | null;
};

export type JoinFigures = { runs: JoinRun[]; postgresSkipped: string | null };

/** The session cookie as @fastify/cookie signs it with the server's secret. */
function cookieOf(session: JoinBenchSession): Record<string, string> {
  const signature = createHmac('sha256', SECRET).update(session.token).digest('base64').replace(/=+$/, '');
  return {
    cookie: `agora_session=${encodeURIComponent(`${session.token}.${signature}`)}`,
    'x-csrf-token': session.csrf,
    accept: 'application/json',
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs the calls `CONCURRENCY` at a time and times each. */
async function timed(count: number, call: (i: number) => Promise<Response>): Promise<CallFigures> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  let firstError = '';
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const t0 = performance.now();
      const response = await call(i);
      const body = await response.text();
      latencies.push(performance.now() - t0);
      if (!response.ok) {
        failed += 1;
        firstError ||= `${response.status} ${body.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failed > 0) throw new Error(`${failed} of ${count} calls failed, first: ${firstError}`);
  latencies.sort((a, b) => a - b);
  return {
    calls: count,
    seconds,
    perSecond: count / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failed,
  };
}

async function runOn(
  database: JoinRun['database'],
  scratchDir: string,
  members: number,
  adminUrl?: string,
): Promise<JoinRun> {
  const dataDir = fs.mkdtempSync(path.join(scratchDir, `join-${database.toLowerCase()}-`));
  const started = Date.now();
  const seeded = await seedJoinBenchInto(dataDir, members, adminUrl);
  console.log(`  join: seeded ${members} members on ${database} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const empty: CallFigures = { calls: 0, seconds: 0, perSecond: 0, p50Ms: 0, p99Ms: 0, failed: 0 };
  const run: JoinRun = { database, members, join: empty, list: empty, accept: empty, memberCount: 0, failure: null };
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir, {
      ...(seeded.databaseUrl ? { databaseUrl: seeded.databaseUrl } : {}),
      sessionSecret: SECRET,
      // One admin accepts 5,000 requests: far more writes than a member's budget allows.
      env: { WRITE_BURST: '1000000', WRITE_RATE: '1000000' },
    });
    const url = server.url;
    const admin = cookieOf(seeded.admin);
    const base = `${url}/groups/${seeded.groupSlug}/administration/join_requests`;

    run.join = await timed(seeded.joiners.length, (i) =>
      fetch(`${url}/api/v1/groups/${seeded.groupId}/join`, { method: 'POST', headers: cookieOf(seeded.joiners[i]!) }),
    );
    console.log(`  join: ${database}: ${run.join.perSecond.toFixed(0)} join requests/s`);

    const ids: string[] = [];
    const pages = Math.ceil(seeded.joiners.length / PAGE);
    run.list = await timed(pages, async (p) => {
      const response = await fetch(`${base}?limit=${PAGE}&offset=${p * PAGE}`, { headers: admin });
      const copy = response.clone();
      if (response.ok) {
        const page = (await copy.json()) as { join_requests: Array<{ id: string }> };
        ids.push(...page.join_requests.map((r) => r.id));
      }
      return response;
    });
    if (ids.length !== seeded.joiners.length)
      throw new Error(`listed ${ids.length} requests, not ${seeded.joiners.length}`);

    run.accept = await timed(ids.length, (i) => fetch(`${base}/${ids[i]}/accept`, { method: 'POST', headers: admin }));
    console.log(`  join: ${database}: ${run.accept.perSecond.toFixed(0)} acceptances/s`);

    const group = await fetch(`${url}/api/v1/groups/${seeded.groupSlug}`, { headers: admin });
    run.memberCount = ((await group.json()) as { member_count: number }).member_count;
  } catch (error) {
    run.failure = error instanceof Error ? error.message : String(error);
    if (server) run.failure += `\n${server.output()}`;
  } finally {
    await server?.stop();
    await seeded.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return run;
}

/**
 * PostgreSQL first, then PGlite (whose single connection makes it the slow one); the PGlite run
 * takes `BENCH_JOIN_PGLITE_MEMBERS` members when set, for a shorter run on a busy machine.
 */
export async function runGroupJoinBench(options: { scratchDir: string; members: number }): Promise<JoinFigures> {
  const runs: JoinRun[] = [];
  const adminUrl = process.env.DATABASE_URL || POSTGRES_URL;
  let postgresSkipped: string | null = null;
  if (await postgresReachable(adminUrl))
    runs.push(await runOn('PostgreSQL', options.scratchDir, options.members, adminUrl));
  else postgresSkipped = 'no PostgreSQL answers';
  const pgliteMembers = Number(process.env.BENCH_JOIN_PGLITE_MEMBERS) || options.members;
  runs.push(await runOn('PGlite', options.scratchDir, pgliteMembers));
  return { runs, postgresSkipped };
}

export function formatJoinReport(figures: JoinFigures): string {
  const row = (name: string, f: CallFigures) =>
    `| ${name} | ${f.calls} | ${f.seconds.toFixed(1)} | ${f.perSecond.toFixed(1)} | ${f.p50Ms.toFixed(1)} | ${f.p99Ms.toFixed(1)} |`;
  const lines = ['## Join requests of a moderated group', ''];
  for (const run of figures.runs) {
    lines.push(`### ${run.database}: ${run.members} members ask to join, the admin accepts each`, '');
    if (run.failure) {
      lines.push(`Failed: ${run.failure}`, '');
      continue;
    }
    lines.push(
      '| call | calls | seconds | calls/s | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      row('POST /api/v1/groups/{id}/join', run.join),
      row(`GET …/join_requests (${PAGE} a page)`, run.list),
      row('POST …/join_requests/{id}/accept', run.accept),
      '',
      `Members of the group at the end: ${run.memberCount}.`,
      '',
    );
  }
  if (figures.postgresSkipped) lines.push(`PostgreSQL skipped: ${figures.postgresSkipped}.`);
  return lines.join('\n');
}
