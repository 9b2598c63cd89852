// The request group: what every request costs before its own work (the network, the session
// and its member), on PostgreSQL with Redis, beside /healthz of the same server in the same run.
// The embedded database's figures are the main run's scenarios of the same names.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { postgresReachable, seedLargeIntoPostgres } from '@agora/server/bench-support';
import { startServer, type RunningServer } from './server.ts';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const CONNECTIONS = 10;

export type RequestFigure = { name: string; requestsPerSecond: number; p99Ms: number; ratio: number };
export type RequestFigures = {
  database: string;
  figures: RequestFigure[];
  skipped: string | null;
  failure: string | null;
};

export type RequestBenchOptions = {
  members: number;
  password: string;
  memberEmail: string;
  duration: number;
  warmup: number;
  scratchDir: string;
  signIn(url: string, email: string): Promise<{ cookie: string; csrf: string }>;
};

/** Whether a word of --only names the request group. */
export function isRequestWord(word: string): boolean {
  const w = word.trim().toLowerCase();
  return w !== '' && 'request'.includes(w);
}

export async function runRequestBench(options: RequestBenchOptions): Promise<RequestFigures> {
  const adminUrl = process.env.DATABASE_URL || POSTGRES_URL;
  const redisUrl = process.env.REDIS_URL || REDIS_URL;
  const empty = { database: 'PostgreSQL + Redis', figures: [], failure: null };
  if (!(await postgresReachable(adminUrl))) return { ...empty, skipped: 'no PostgreSQL answers' };
  if (!(await redisReachable(redisUrl))) return { ...empty, skipped: `no Redis answers at ${redisUrl}` };
  const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'request-'));
  const seeded = await seedLargeIntoPostgres(adminUrl, dataDir, {
    members: options.members,
    password: options.password,
  });
  let server: RunningServer | undefined;
  try {
    server = await startServer(dataDir, {
      databaseUrl: seeded.databaseUrl,
      redisUrl,
      redisKeyPrefix: `agora-bench-${randomBytes(4).toString('hex')}:`,
    });
    const { cookie } = await options.signIn(server.url, options.memberEmail);
    const headers = { cookie, accept: 'application/json' };
    const figures: RequestFigure[] = [];
    let baseline = 0;
    const failures: string[] = [];
    for (const [name, route, withSession] of [
      ['GET /healthz', '/healthz', false],
      ['GET /api/v1/session', '/api/v1/session', true],
      ['GET /api/v1/network', '/api/v1/network', true],
    ] as const) {
      const run = (seconds: number) =>
        autocannon({
          url: server!.url + route,
          connections: CONNECTIONS,
          duration: seconds,
          ...(withSession ? { headers } : {}),
        });
      if (options.warmup > 0) await run(options.warmup);
      const result = await run(options.duration);
      if (result.non2xx > 0 || result.errors > 0)
        failures.push(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const rps = result.requests.average;
      if (!withSession) baseline = rps;
      figures.push({ name, requestsPerSecond: rps, p99Ms: result.latency.p99, ratio: baseline ? rps / baseline : NaN });
      console.log(`  request (${server.database()}): ${name} ${rps.toFixed(1)} req/s`);
    }
    return { database: `${server.database()} + Redis`, figures, skipped: null, failure: failures.join('; ') || null };
  } finally {
    await server?.stop();
    await seeded.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatRequestReport(report: RequestFigures): string {
  if (report.skipped) return `Request path on PostgreSQL: skipped (${report.skipped})`;
  const lines = [
    `Request path on ${report.database}, ${CONNECTIONS} connections (the embedded figures: the scenarios above)`,
    'scenario                req/s   p99 ms  vs /healthz',
  ];
  for (const f of report.figures) {
    lines.push(
      `${f.name.padEnd(20)} ${f.requestsPerSecond.toFixed(1).padStart(8)} ${f.p99Ms.toFixed(2).padStart(8)} ${f.ratio.toFixed(3).padStart(12)}`,
    );
  }
  if (report.failure) lines.push(`FAILED: ${report.failure}`);
  return lines.join('\n');
}

function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
