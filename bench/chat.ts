// The chat group: 1,000 Socket.IO clients in 200 group chats of 5 (src/seed/large-chat.ts),
// each chat sending at a steady rate. Measured on our server (every message stored before it is
// pushed), then with the same load on a bare Socket.IO echo server (chat-echo-server.ts: same
// rooms, no database), whose throughput ours is compared with; one member flooding a chat while
// the other chats go on, their latencies against a quiet run; then on PostgreSQL with the Redis
// adapter, first one server process and then two sharing the clients.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { postgresReachable, seedLargeIntoPostgres, type LargeChatResult } from '@agora/server/bench-support';
import {
  closeClients,
  connectClients,
  runLoad,
  type ChatPlan,
  type FloodCounts,
  type LoadFigures,
} from './chat-load.ts';
import { redisReachable, startServer, type RunningServer } from './server.ts';
import { markdownTable, ms, percent } from './table.ts';

export type Session = { cookie: string; csrf: string };

export type ChatRun = {
  name: string;
  processes: number;
  database: string;
  /**
   * Milliseconds to connect every client, until the presence pushes the connections set off
   * (each member coming online is pushed to every connected member) had all arrived.
   */
  connectMs: number;
  /** Presence pushes (`set_status`) the clients received while connecting. */
  presencePushes: number;
  steady: LoadFigures;
  /** One message in flight per chat: the most this server delivers to these clients. */
  flatOut: LoadFigures;
};

/**
 * One member floods a chat (a burst, then a steady rate, never waiting for answers) while the
 * members of the other chats chat steadily: their latencies against the same load without it.
 */
export type FloodFigures = {
  database: string;
  burst: number;
  perSecond: number;
  /** The other chats' steady load alone, and with the flood beside it. */
  quiet: LoadFigures;
  flooded: LoadFigures;
  flood: FloodCounts;
};

export type ChatFigures = {
  clients: number;
  chats: number;
  chatSize: number;
  intervalMs: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Signing in every client and fetching its chat token, on the main server. */
  credentialsMs: number;
  runs: ChatRun[];
  /** Our delivered messages/s flat out on the main server divided by the echo server's. */
  ratioToEcho: number | null;
  /** One member flooding while the others chat, on the main server. */
  flood: FloodFigures | null;
  postgresSkipped: string | null;
  failure: string | null;
};

export type ChatBenchOptions = {
  /** The main run's server (embedded PGlite), seeded with the chats. */
  server: RunningServer;
  chats: LargeChatResult;
  intervalMs: number;
  duration: number;
  warmup: number;
  password: string;
  scratchDir: string;
  largeEmail(index: number): string;
  signIn(url: string, email: string): Promise<Session>;
};

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const SIGN_IN_CONCURRENCY = 8;
/** The flooder's messages: this many at once when the measuring begins, then so many a second. */
const FLOOD_BURST = 2000;
const FLOOD_PER_SECOND = 500;

/** Client `k` is member `k % size` of chat `floor(k / size)`. */
function clientsOf(chats: LargeChatResult) {
  return chats.chats.flatMap((chat) =>
    chat.memberIndexes.map((memberIndex) => ({ memberIndex, groupId: chat.groupId })),
  );
}

function planOf(chats: LargeChatResult, options: ChatBenchOptions): ChatPlan {
  let client = 0;
  return {
    chats: chats.chats.map((chat) => ({
      chatId: `group/${chat.groupId}`,
      clients: chat.memberIndexes.map(() => client++),
    })),
    intervalMs: options.intervalMs,
    durationSeconds: options.duration,
    warmupSeconds: Math.max(1, options.warmup),
  };
}

export async function runChatBench(options: ChatBenchOptions): Promise<ChatFigures> {
  const clients = clientsOf(options.chats);
  const plan = planOf(options.chats, options);
  const figures: ChatFigures = {
    clients: clients.length,
    chats: plan.chats.length,
    chatSize: options.chats.chats[0]?.memberIndexes.length ?? 0,
    intervalMs: options.intervalMs,
    durationSeconds: options.duration,
    warmupSeconds: plan.warmupSeconds,
    credentialsMs: 0,
    runs: [],
    ratioToEcho: null,
    flood: null,
    postgresSkipped: null,
    failure: null,
  };
  const failures: string[] = [];
  const attempt = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  await attempt('our server', async () => {
    const started = performance.now();
    const tokens = await chatTokens([options.server.url], clients, options);
    figures.credentialsMs = performance.now() - started;
    const pids = [options.server.pid];
    // The flood after flat out, on the same connections, so that the flooder's spent budget
    // holds up no run after it.
    const flood = (sockets: Socket[]) =>
      attempt('chat flood', async () => {
        figures.flood = await measureFlood('PGlite', sockets, pids, plan);
      });
    figures.runs.push(
      await measure('ours', 1, 'PGlite', [options.server.url], pids, plan, (k) => ({ token: tokens[k] }), flood),
    );
  });
  await attempt('echo server', async () => {
    const echo = await startEchoServer();
    try {
      figures.runs.push(
        await measure('bare Socket.IO echo', 1, 'none', [echo.url], [echo.pid], plan, (k) => ({
          member: String(clients[k]!.memberIndex),
          rooms: [`group:${clients[k]!.groupId}`],
        })),
      );
    } finally {
      echo.stop();
    }
  });
  const ours = figures.runs.find((r) => r.name === 'ours');
  const echo = figures.runs.find((r) => r.name === 'bare Socket.IO echo');
  if (ours && echo) figures.ratioToEcho = ours.flatOut.deliveredPerSecond / echo.flatOut.deliveredPerSecond;

  const adminUrl = process.env.DATABASE_URL || POSTGRES_URL;
  const redisUrl = process.env.REDIS_URL || REDIS_URL;
  if (!(await postgresReachable(adminUrl))) figures.postgresSkipped = 'no PostgreSQL answers';
  else if (!(await redisReachable(redisUrl))) figures.postgresSkipped = `no Redis answers at ${redisUrl}`;
  else
    await attempt('PostgreSQL and Redis', () => measureOnPostgres(adminUrl, redisUrl, clients, plan, options, figures));

  figures.failure = failures.length ? failures.join('; ') : null;
  return figures;
}

/**
 * Connects every client, runs the steady load and then flat out (then `after`, when given), and
 * closes them again.
 */
async function measure(
  name: string,
  processes: number,
  database: string,
  urls: string[],
  pids: number[],
  plan: ChatPlan,
  auth: (client: number) => Record<string, unknown>,
  after?: (sockets: Socket[]) => Promise<void>,
): Promise<ChatRun> {
  const count = plan.chats.reduce((n, chat) => n + chat.clients.length, 0);
  const { sockets, ms, presencePushes } = await connectClients(urls, count, auth);
  try {
    const steady = await runLoad(sockets, plan, pids, 'steady');
    const flatOut = await runLoad(sockets, plan, pids, 'flat out');
    console.log(
      `  chat: ${name}, ${processes} process(es), ${database}: steady ${steady.deliveredPerSecond.toFixed(1)} messages/s ` +
        `(p50 ${steady.latencyP50Ms.toFixed(1)} ms, p99 ${steady.latencyP99Ms.toFixed(1)} ms), ` +
        `flat out ${flatOut.deliveredPerSecond.toFixed(1)} messages/s`,
    );
    await after?.(sockets);
    return { name, processes, database, connectMs: ms, presencePushes, steady, flatOut };
  } finally {
    closeClients(sockets);
  }
}

/**
 * The first member of the first chat floods it; the other chats chat steadily, first alone and
 * then beside the flood, on the connected clients.
 */
async function measureFlood(
  database: string,
  sockets: Socket[],
  pids: number[],
  plan: ChatPlan,
): Promise<FloodFigures> {
  const [flooded, ...others] = plan.chats;
  if (!flooded || others.length === 0) throw new Error('the flood needs two chats at least');
  const othersPlan = { ...plan, chats: others };
  const quiet = await runLoad(sockets, othersPlan, pids, 'steady');
  const flood = {
    socket: sockets[flooded.clients[0]!]!,
    chatId: flooded.chatId,
    burst: FLOOD_BURST,
    perSecond: FLOOD_PER_SECOND,
  };
  const withFlood = await runLoad(sockets, othersPlan, pids, 'steady', flood);
  const counts = withFlood.flood!;
  console.log(
    `  chat: flood on ${database}: the others' p50 ${quiet.latencyP50Ms.toFixed(1)} / p99 ${quiet.latencyP99Ms.toFixed(1)} ms quiet, ` +
      `${withFlood.latencyP50Ms.toFixed(1)} / ${withFlood.latencyP99Ms.toFixed(1)} ms beside the flood; ` +
      `flood ${counts.sent} sent, ${counts.accepted} stored, ${counts.refused} refused`,
  );
  return { database, burst: FLOOD_BURST, perSecond: FLOOD_PER_SECOND, quiet, flooded: withFlood, flood: counts };
}

/**
 * The same chats seeded into a new PostgreSQL database; servers with the Redis adapter and one
 * session secret, so that the credentials of one are good on the other. First one process with
 * every client, then two with the clients alternating between them: every chat spans both.
 */
async function measureOnPostgres(
  adminUrl: string,
  redisUrl: string,
  clients: ReturnType<typeof clientsOf>,
  plan: ChatPlan,
  options: ChatBenchOptions,
  figures: ChatFigures,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'chat-postgres-'));
  const needed = Math.max(...clients.map((c) => c.memberIndex)) + 1;
  const seeded = await seedLargeIntoPostgres(adminUrl, dataDir, {
    members: needed,
    password: options.password,
    chat: { chats: figures.chats, size: figures.chatSize },
  });
  const shared = {
    databaseUrl: seeded.databaseUrl,
    redisUrl,
    redisKeyPrefix: `agora-bench-${randomBytes(4).toString('hex')}:`,
    sessionSecret: randomBytes(32).toString('hex'),
  };
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer(dataDir, { ...shared, nodeArgs: profileArgs() }));
    const pgClients = clientsOf(seeded.chat!);
    const pgPlan = { ...plan, chats: planOf(seeded.chat!, options).chats };
    const tokens = await chatTokens([servers[0]!.url], pgClients, options);
    const auth = (k: number) => ({ token: tokens[k] });
    figures.runs.push(
      await measure('ours', 1, 'PostgreSQL + Redis', [servers[0]!.url], [servers[0]!.pid], pgPlan, auth),
    );
    // Started after the first run: pg-boss's first start per database is best done alone.
    servers.push(await startServer(dataDir, shared));
    figures.runs.push(
      await measure(
        'ours',
        2,
        'PostgreSQL + Redis',
        servers.map((s) => s.url),
        servers.map((s) => s.pid),
        pgPlan,
        auth,
      ),
    );
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await seeded.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * With BENCH_CPU_PROFILE=<directory>, the first PostgreSQL + Redis server writes a V8 CPU profile
 * of its runs there when it stops (`npx tsx bench/profile-summary.ts <file>` summarises it).
 */
function profileArgs(): string[] {
  const base = process.env.BENCH_CPU_PROFILE;
  if (!base) return [];
  const dir = path.resolve(base, 'chat-postgres');
  fs.mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

/** Every client signed in over HTTP and its chat token fetched, as the web app does; some at a time. */
async function chatTokens(
  urls: string[],
  clients: ReturnType<typeof clientsOf>,
  options: ChatBenchOptions,
): Promise<string[]> {
  const tokens: string[] = new Array(clients.length);
  let next = 0;
  const worker = async () => {
    for (let k = next++; k < clients.length; k = next++) {
      const url = urls[k % urls.length]!;
      const session = await options.signIn(url, options.largeEmail(clients[k]!.memberIndex));
      const response = await fetch(`${url}/api/v1/chat_token`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`POST /api/v1/chat_token answered ${response.status}`);
      tokens[k] = ((await response.json()) as { token: string }).token;
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return tokens;
}

/** The echo server in a process of its own, like ours, so that its memory and CPU are its own. */
function startEchoServer(): Promise<{ url: string; pid: number; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./chat-echo-server.ts', import.meta.url), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => {
      const { port } = message as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGKILL') });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the echo server exited with ${code}`)));
  });
}

export function formatChatReport(f: ChatFigures): string {
  const offered = (f.chats * 1000) / f.intervalMs;
  const lines = [
    `**Chat** (${f.clients.toLocaleString('en')} Socket.IO clients over WebSocket in ${f.chats} group chats of ${f.chatSize}, ` +
      `each message pushed to the ${f.chatSize - 1} other members. Steady: each chat sends a message every ${f.intervalMs} ms, ` +
      `${offered.toFixed(0)} messages/s offered; flat out: each chat sends its next message when the last one is acknowledged. ` +
      `${f.durationSeconds} s each after ${f.warmupSeconds} s warm-up. A message is delivered when every other member has it; ` +
      `latency is from the send to each receipt. Signing in the clients and fetching their chat tokens took ` +
      `${(f.credentialsMs / 1000).toFixed(1)} s; connecting includes the presence pushes each connection sets off, ` +
      `which go to those who show the member: each member also has a direct chat with the next member of their group)`,
    '',
    ...markdownTable(
      [
        'server',
        'processes',
        'database',
        'connect all (presence pushes, per connect)',
        'load',
        'delivered msg/s',
        'receipts/s',
        'p50',
        'p99',
        'ack p50',
        'ack p99',
        'undelivered',
        'errors',
        'server RSS at rest / peak',
        'server CPU',
      ],
      f.runs.flatMap((r) => {
        const perConnect = f.clients > 0 ? r.presencePushes / f.clients : 0;
        const connect = `${(r.connectMs / 1000).toFixed(1)} s (${r.presencePushes.toLocaleString('en')}, ${perConnect.toFixed(1)})`;
        return (
          [
            ['steady', r.steady],
            ['flat out', r.flatOut],
          ] as const
        ).map(([load, l]) => [
          r.name,
          String(r.processes),
          r.database,
          load === 'steady' ? connect : '',
          load,
          l.deliveredPerSecond.toFixed(1),
          l.receiptsPerSecond.toFixed(0),
          ...deliveryCells(l),
          `${l.serverRssAtRestMB.toFixed(0)} / ${l.serverRssPeakMB.toFixed(0)} MB`,
          percent(l.serverCpuPercent),
        ]);
      }),
    ),
  ];
  if (f.ratioToEcho !== null) {
    lines.push(
      '',
      `Flat out, our server (PGlite, one process, every message stored first) delivers ${f.ratioToEcho.toFixed(3)} of the bare echo server's messages/s.`,
    );
  }
  if (f.flood) lines.push('', formatFlood(f.flood, f));
  if (f.postgresSkipped) lines.push('', `PostgreSQL runs skipped: ${f.postgresSkipped}`);
  if (f.failure) lines.push('', `FAILED: ${f.failure}`);
  return lines.join('\n');
}

/** A load's latencies (delivery, then the sender's acknowledgement), what never arrived and the errors: both tables' columns. */
function deliveryCells(l: LoadFigures): string[] {
  return [
    ms(l.latencyP50Ms),
    ms(l.latencyP99Ms),
    ms(l.ackP50Ms),
    ms(l.ackP99Ms),
    `${l.undelivered} of ${l.sent}`,
    String(l.errors),
  ];
}

function formatFlood(flood: FloodFigures, f: ChatFigures): string {
  const { quiet, flooded } = flood;
  const chats = f.chats - 1;
  const row = (name: string, l: LoadFigures) => [
    name,
    l.deliveredPerSecond.toFixed(1),
    ...deliveryCells(l),
    percent(l.serverCpuPercent),
  ];
  return [
    `**Chat flood** (${flood.database}, one server process: one member sends ${flood.burst.toLocaleString('en')} messages ` +
      `at once to a chat of theirs and then ${flood.perSecond} a second, never waiting for an answer, while the ` +
      `${chats} other chats each send a message every ${f.intervalMs} ms; the others' figures alone and beside the flood. ` +
      `The flood: ${flood.flood.sent.toLocaleString('en')} sent, ${flood.flood.accepted} stored, ` +
      `${flood.flood.refused.toLocaleString('en')} refused with too_many_requests, ${flood.flood.unanswered} unanswered)`,
    '',
    ...markdownTable(
      ['the others', 'delivered msg/s', 'p50', 'p99', 'ack p50', 'ack p99', 'undelivered', 'errors', 'server CPU'],
      [row('quiet', quiet), row('beside the flood', flooded)],
    ),
  ].join('\n');
}
