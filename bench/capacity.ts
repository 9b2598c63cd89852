// The capacity group (--only capacity), in the manner of Mattermost's ceiling tests: simulated
// members, each signed in with its own session and connected to the chat like the web app,
// do what members do over a day (open the month sheet, open an appointment, look at their
// invites and answer one, open the chat list and a chat, write in it, read their notifications,
// the user bar's unread counts), with a few seconds of idle time between two actions. A
// controller adds members while the server is healthy and removes some when it is not (health
// over a sliding window: average answer < 100 ms, p99 < 2 s, errors < 0.025 %); the figure is
// the members held over the last third of the run. On the embedded default and on PostgreSQL
// with Redis, each on a network of its own (calendars, invites, chats with messages).
// BENCH_CPU_PROFILE=<directory> has the servers write CPU profiles there.
// --capacity-seconds (per engine), --capacity-max, --capacity-engines (embedded,postgres).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import {
  largeEmail,
  postgresReachable,
  seedLargeInto,
  seedLargeIntoPostgres,
  type BenchSeedOptions,
  type BenchSeedResult,
} from '@agora/server/bench-support';
import { redisReachable, startServer, type RunningServer } from './server.ts';
import {
  formatStalls,
  formatStatements,
  PROBE,
  readProbe,
  readStatements,
  stallsOf,
  watchOwnLoop,
  type Stalls,
  type Statements,
} from './stalls.ts';
import { markdownTable, ms, percent } from './table.ts';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const ZONE = 'Europe/Berlin';

/** Health, as Mattermost's ceiling tests judge it, over the last WINDOW_MS. */
const HEALTH = { averageMs: 100, p99Ms: 2000, errorShare: 0.00025 };
const WINDOW_MS = 15_000;
/** Fewer answers than this in the window judge nothing (one slow answer of five is no p99). */
const MIN_SAMPLES = 30;
/** The controller looks every TICK_MS: healthy, it adds STEP members; not, it removes some and waits a window. */
const TICK_MS = 2_000;
const STEP = 10;
/** Idle time between two actions of one member, uniform in this range. */
const THINK_MS = [2_000, 8_000] as const;
const REQUEST_TIMEOUT_MS = 10_000;

/** What members do, and how often (relative weights): many reads, few writes. */
const ACTIONS = [
  ['month sheet', 20],
  ['appointment', 14],
  ['invites', 8],
  ['answer invite', 3],
  ['chat list', 12],
  ['open chat', 14],
  ['send message', 6],
  ['notifications', 8],
  ['user bar', 15],
] as const;
type ActionName = (typeof ACTIONS)[number][0];
const TOTAL_WEIGHT = ACTIONS.reduce((n, [, w]) => n + w, 0);

export type DataSet = {
  members: number;
  appointments: number;
  invites: number;
  messages: number;
  chats: number;
};

export type CapacityRun = {
  database: string;
  seconds: number;
  /** Members held over the last third of the run: their average and the fewest. */
  heldAverage: number;
  heldMin: number;
  /** The most members active at once, and whether --capacity-max stopped the climb. */
  peak: number;
  cappedByMax: boolean;
  /** Requests (HTTP calls and socket events answered) over the last third. */
  requestsPerSecond: number;
  averageMs: number;
  p99Ms: number;
  errors: number;
  requests: number;
  /** Per action over the whole run: count, p50 and p99 in ms. */
  actions: Record<string, { count: number; p50Ms: number; p99Ms: number; errors: number }>;
  /** CPU time as a share of one core over the last third: the server, this load generator, every PostgreSQL process, the machine's (of all its cores). */
  serverCpuPercent: number;
  generatorCpuPercent: number;
  postgresCpuPercent: number | null;
  machineCpuPercent: number;
  /** Controller steps that found the server unhealthy. */
  unhealthySteps: number;
  firstError: string | null;
  dataSet: DataSet;
  /** Where the slow answers of the last third came from (stalls.ts). */
  stalls: Stalls | null;
  /** The statements the server sent, per route and outside HTTP answers (stalls.ts). */
  statements: Statements | null;
  failure: string | null;
};

export type CapacityFigures = {
  maxMembers: number;
  secondsPerRun: number;
  thinkMs: readonly [number, number];
  runs: CapacityRun[];
  postgresSkipped: string | null;
};

export type CapacityOptions = {
  /** Members of the network (the large seed). */
  members: number;
  maxMembers: number;
  seconds: number;
  /** 'embedded', 'postgres' or both. */
  engines: string[];
  password: string;
  scratchDir: string;
};

export async function runCapacityBench(options: CapacityOptions): Promise<CapacityFigures> {
  const figures: CapacityFigures = {
    maxMembers: options.maxMembers,
    secondsPerRun: options.seconds,
    thinkMs: THINK_MS,
    runs: [],
    postgresSkipped: null,
  };
  const seedOptions: BenchSeedOptions = {
    members: Math.max(options.members, Math.ceil((options.maxMembers * 50) / 49) + 2),
    password: options.password,
    calendars: true,
    capacity: { members: options.maxMembers },
  };

  // The embedded default: whatever startServer starts on a DATA_DIR of its own.
  if (options.engines.includes('embedded')) {
    const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'capacity-embedded-'));
    let server: RunningServer | undefined;
    try {
      const started = Date.now();
      const seeded = await seedLargeInto(dataDir, seedOptions);
      console.log(`  capacity: seeded the embedded database in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      server = await startServer(dataDir, watched('embedded', dataDir));
      // Named by what was seeded: the embedded engine, where the seed reports it, or the kind.
      const engine = (seeded as { engine?: string }).engine ?? seeded.databaseKind;
      const label =
        engine === 'pglite' ? 'embedded PGlite' : engine === 'postgres' ? 'embedded PostgreSQL' : `embedded ${engine}`;
      figures.runs.push(await measure(label, server, seeded, options, false, probeFile(dataDir)));
    } catch (error) {
      figures.runs.push(failedRun('embedded', error));
    } finally {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const adminUrl = process.env.DATABASE_URL || POSTGRES_URL;
  const redisUrl = process.env.REDIS_URL || REDIS_URL;
  if (!options.engines.includes('postgres')) figures.postgresSkipped = 'not asked for (--capacity-engines)';
  else if (!(await postgresReachable(adminUrl))) figures.postgresSkipped = 'no PostgreSQL answers';
  else if (!(await redisReachable(redisUrl))) figures.postgresSkipped = `no Redis answers at ${redisUrl}`;
  else {
    const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'capacity-postgres-'));
    let server: RunningServer | undefined;
    let drop: (() => Promise<void>) | undefined;
    try {
      const started = Date.now();
      const seeded = await seedLargeIntoPostgres(adminUrl, dataDir, seedOptions);
      drop = seeded.drop;
      console.log(`  capacity: seeded PostgreSQL in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      server = await startServer(dataDir, {
        databaseUrl: seeded.databaseUrl,
        redisUrl,
        redisKeyPrefix: `agora-capacity-${randomBytes(4).toString('hex')}:`,
        ...watched('postgres', dataDir),
      });
      figures.runs.push(await measure('PostgreSQL + Redis', server, seeded, options, true, probeFile(dataDir)));
    } catch (error) {
      figures.runs.push(failedRun('PostgreSQL + Redis', error));
    } finally {
      await server?.stop();
      await drop?.().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

const probeFile = (dataDir: string) => path.join(dataDir, 'event-loop.jsonl');
/** Where the probe keeps its statement counts, beside its seconds. */
const statementsFile = (probe: string) => `${probe}.statements.json`;

/** The server's node options and environment: its event loop watched (stalls.ts), its CPU profiled if asked. */
function watched(name: string, dataDir: string) {
  return {
    nodeArgs: [...profileArgs(name), `--import=${pathToFileURL(PROBE).href}`],
    env: { BENCH_EVENT_LOOP_FILE: probeFile(dataDir) },
  };
}

/**
 * With BENCH_CPU_PROFILE=<directory>, the server writes a V8 CPU profile of its whole run there
 * when it stops (node --cpu-prof); open it in Chrome's DevTools or summarise it with
 * `npx tsx bench/profile-summary.ts <file>`.
 */
function profileArgs(name: string): string[] {
  const base = process.env.BENCH_CPU_PROFILE;
  if (!base) return [];
  const dir = path.resolve(base, `capacity-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

function failedRun(database: string, error: unknown): CapacityRun {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`  capacity on ${database} failed: ${message}`);
  return {
    database,
    seconds: 0,
    heldAverage: 0,
    heldMin: 0,
    peak: 0,
    cappedByMax: false,
    requestsPerSecond: 0,
    averageMs: Number.NaN,
    p99Ms: Number.NaN,
    errors: 0,
    requests: 0,
    actions: {},
    serverCpuPercent: Number.NaN,
    generatorCpuPercent: Number.NaN,
    postgresCpuPercent: null,
    machineCpuPercent: Number.NaN,
    unhealthySteps: 0,
    firstError: null,
    dataSet: { members: 0, appointments: 0, invites: 0, messages: 0, chats: 0 },
    stalls: null,
    statements: null,
    failure: message,
  };
}

/** One answered request: when it ended, how long it took, whether it failed. */
type Sample = { at: number; ms: number; failed: boolean };

class Recorder {
  /** Every sample of the run, in order of their end (the window is a tail of it). */
  readonly samples: Sample[] = [];
  readonly byAction = new Map<ActionName, { ms: number[]; errors: number }>();
  firstError: string | null = null;

  record(action: ActionName, started: number, failed: boolean, why?: string): void {
    const at = performance.now();
    this.samples.push({ at, ms: at - started, failed });
    let entry = this.byAction.get(action);
    if (!entry) this.byAction.set(action, (entry = { ms: [], errors: 0 }));
    entry.ms.push(at - started);
    if (failed) {
      entry.errors += 1;
      this.firstError ??= `${action}: ${why ?? 'failed'}`;
    }
  }

  /** Samples that ended after `since`. */
  since(since: number): Sample[] {
    let lo = 0;
    let hi = this.samples.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.samples[mid]!.at <= since) lo = mid + 1;
      else hi = mid;
    }
    return this.samples.slice(lo);
  }
}

type Health = { healthy: boolean; count: number; averageMs: number; p99Ms: number; errorShare: number };

function healthOf(samples: Sample[]): Health {
  if (samples.length === 0) return { healthy: true, count: 0, averageMs: 0, p99Ms: 0, errorShare: 0 };
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const averageMs = ms.reduce((a, b) => a + b, 0) / ms.length;
  const p99Ms = percentile(ms, 0.99);
  const errorShare = samples.filter((s) => s.failed).length / samples.length;
  return {
    healthy:
      errorShare < HEALTH.errorShare &&
      (samples.length < MIN_SAMPLES || (averageMs < HEALTH.averageMs && p99Ms < HEALTH.p99Ms)),
    count: samples.length,
    averageMs,
    p99Ms,
    errorShare,
  };
}

type Answered = { ok: boolean; status: number; etag: string | null; json(): unknown };

type Context = {
  url: string;
  recorder: Recorder;
  password: string;
};

/** A member of the network using it as the web app does, until stopped. */
class SimulatedMember {
  private cookie = '';
  private csrf = '';
  private socket: Socket | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private monthEtag: string | null = null;
  /** The pages of the appointments the month sheet showed, as the sheet links them. */
  private appointmentPaths: string[] = [];
  private lastMessageId: string | null = null;

  constructor(
    private readonly ctx: Context,
    private readonly email: string,
    private readonly chatId: string,
  ) {}

  /** Signs in, fetches the chat credentials and connects, as the web app does on loading. */
  async start(): Promise<void> {
    const response = await fetch(`${this.ctx.url}/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ user: { email: this.email, password: this.ctx.password } }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`signing in as ${this.email} answered ${response.status}`);
    const body = (await response.json()) as { csrf_token?: string };
    this.csrf = body.csrf_token ?? '';
    this.cookie =
      response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0]!)
        .find((pair) => pair.startsWith('agora_session=')) ?? '';
    const token = await this.call('user bar', 'POST', '/api/v1/chat_token', false);
    if (!token.ok) throw new Error(`POST /api/v1/chat_token answered ${token.status}`);
    const { token: chatToken } = token.json() as { token: string };
    this.socket = await new Promise<Socket>((resolve, reject) => {
      const socket = io(this.ctx.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: chatToken },
        reconnection: false,
        forceNew: true,
        timeout: 30_000,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(new Error(`connecting the chat: ${error.message}`));
      });
    });
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }

  private schedule(): void {
    if (this.stopped) return;
    const think = THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);
    this.timer = setTimeout(() => {
      void this.act().finally(() => this.schedule());
    }, think);
  }

  private async act(): Promise<void> {
    let pick = Math.random() * TOTAL_WEIGHT;
    const [name] = ACTIONS.find(([, weight]) => (pick -= weight) < 0) ?? ACTIONS[0];
    try {
      await this.perform(name);
    } catch (error) {
      if (!this.stopped) this.ctx.recorder.record(name, performance.now(), true, String(error));
    }
  }

  private async perform(action: ActionName): Promise<void> {
    switch (action) {
      case 'month sheet': {
        // The overview's month query; the browser asks again with the ETag it keeps.
        const query = new URLSearchParams({ date: today(), view: 'sheet', type: 'month', time_zone: ZONE });
        const response = await this.call(action, 'GET', `/appointments?${query}`, true, {
          'accept-encoding': 'gzip',
          ...(this.monthEtag && this.appointmentPaths.length ? { 'if-none-match': this.monthEtag } : {}),
        });
        if (response.status === 200) {
          this.monthEtag = response.etag;
          const month = response.json() as { appointments: Array<{ path: string }> };
          this.appointmentPaths = month.appointments.map((a) => a.path);
        }
        return;
      }
      case 'appointment': {
        const page = this.appointmentPaths[Math.floor(Math.random() * this.appointmentPaths.length)];
        if (!page) return this.perform('month sheet');
        await this.call(action, 'GET', page);
        return;
      }
      case 'invites':
        await this.call(action, 'GET', '/api/v1/invites?filter=appointments&status=open&limit=50');
        return;
      case 'answer invite': {
        const inbox = await this.call(action, 'GET', '/api/v1/invites?filter=appointments&status=open&limit=50');
        if (!inbox.ok) return;
        const page = inbox.json() as { items?: Array<{ id: string; can: { accept: boolean } }> };
        const invite = page.items?.find((i) => i.can.accept);
        if (!invite) return;
        const answer = Math.random() < 0.7 ? 'accept' : 'reject';
        await this.call(action, 'POST', `/api/v1/invites/${encodeURIComponent(invite.id)}/${answer}`);
        return;
      }
      case 'chat list':
        await this.emit(action, 'my_chats', {});
        return;
      case 'open chat': {
        const details = (await this.emit(action, 'chat_details', { chat_id: this.chatId })) as {
          messages?: Array<{ id: string }>;
        } | null;
        const last = details?.messages?.at(-1)?.id ?? this.lastMessageId;
        if (last) await this.emit(action, 'mark_as_read', { chat_id: this.chatId, message_id: last });
        return;
      }
      case 'send message': {
        const message = (await this.emit(action, 'message', {
          chat_id: this.chatId,
          text: `Kurze Rückfrage von ${this.email.split('@')[0]} um ${new Date().toISOString().slice(11, 19)}`,
          client_reference: randomBytes(8).toString('hex'),
        })) as { id?: string } | null;
        if (message?.id) this.lastMessageId = message.id;
        return;
      }
      case 'notifications':
        await this.call(action, 'GET', '/api/v1/notifications?limit=10&offset=0');
        return;
      case 'user bar':
        await Promise.all([this.call(action, 'GET', '/api/v1/unreads'), this.call(action, 'GET', '/api/v1/session')]);
        return;
    }
  }

  /** An HTTP call as the web app's api client makes it, recorded under `action`; the body is read. */
  private async call(
    action: ActionName,
    method: 'GET' | 'POST',
    url: string,
    record = true,
    headers: Record<string, string> = {},
  ): Promise<Answered> {
    const started = performance.now();
    const response = await fetch(this.ctx.url + url, {
      method,
      headers: {
        accept: 'application/json',
        cookie: this.cookie,
        ...(method === 'POST' ? { 'x-csrf-token': this.csrf } : {}),
        ...headers,
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // Read whole before the time is taken; parsed only when the caller asks.
    const body = await response.text();
    const failed = !(response.ok || response.status === 304);
    if (record && !this.stopped) {
      this.ctx.recorder.record(
        action,
        started,
        failed,
        failed ? `${method} ${url.split('?')[0]} answered ${response.status}` : undefined,
      );
    }
    return {
      ok: response.ok,
      status: response.status,
      etag: response.headers.get('etag'),
      json: () => JSON.parse(body) as unknown,
    };
  }

  /** A chat event with its acknowledgement, recorded under `action`; answers its data, or null. */
  private async emit(action: ActionName, event: string, payload: object): Promise<unknown> {
    const socket = this.socket;
    if (!socket) return null;
    const started = performance.now();
    const answer = await new Promise<{ error: string | null; data: unknown }>((resolve) =>
      socket
        .timeout(REQUEST_TIMEOUT_MS)
        .emit(event, payload, (error: Error | null, ack?: { ok: boolean; data?: unknown; error?: { key?: string } }) =>
          resolve(
            error
              ? { error: `${event}: no answer`, data: null }
              : ack?.ok
                ? { error: null, data: ack.data ?? null }
                : { error: `${event}: ${ack?.error?.key ?? 'refused'}`, data: null },
          ),
        ),
    );
    if (!this.stopped) this.ctx.recorder.record(action, started, answer.error !== null, answer.error ?? undefined);
    return answer.data;
  }
}

/** Runs the controller on one server for options.seconds and measures it. */
async function measure(
  database: string,
  server: RunningServer,
  seeded: BenchSeedResult,
  options: CapacityOptions,
  postgres: boolean,
  serverLoopFile: string,
): Promise<CapacityRun> {
  const capacity = seeded.capacity!;
  const chatOf = new Map<number, string>();
  for (const chat of capacity.chats) for (const index of chat.memberIndexes) chatOf.set(index, `group/${chat.groupId}`);
  const pool = capacity.memberIndexes.slice(0, options.maxMembers);
  const recorder = new Recorder();
  const ctx: Context = { url: server.url, recorder, password: options.password };
  const active: SimulatedMember[] = [];
  let nextMember = 0;
  let starting = 0;
  let startFailures = 0;
  let firstStartError: string | null = null;
  const held: Array<{ at: number; members: number }> = [];
  let unhealthySteps = 0;
  let peak = 0;
  let cappedByMax = false;

  const begin = performance.now();
  const end = begin + options.seconds * 1000;
  const lastThird = begin + (options.seconds * 1000 * 2) / 3;
  let holdUntil = 0;
  let cpuMark: CpuMark | null = null;
  const generatorLoop = watchOwnLoop();

  /** Starts `count` members, a few at a time (their sign-in hashes a password). */
  const add = async (count: number) => {
    const batch: Array<Promise<void>> = [];
    for (let k = 0; k < count && nextMember < pool.length; k++) {
      const index = pool[nextMember++]!;
      const member = new SimulatedMember(ctx, largeEmail(index), chatOf.get(index)!);
      starting += 1;
      batch.push(
        member.start().then(
          () => {
            active.push(member);
          },
          (error: unknown) => {
            startFailures += 1;
            firstStartError ??= error instanceof Error ? error.message : String(error);
            member.stop();
          },
        ),
      );
    }
    await Promise.all(batch);
    starting -= batch.length;
  };
  /** Stops the members added last; their places are taken again by the next ones added. */
  const remove = (count: number) => {
    for (const member of active.splice(Math.max(0, active.length - count))) member.stop();
  };

  try {
    while (performance.now() < end) {
      const now = performance.now();
      if (cpuMark === null && now >= lastThird) cpuMark = markCpu(server.pid, postgres);
      const health = healthOf(recorder.since(now - WINDOW_MS));
      held.push({ at: now, members: active.length });
      peak = Math.max(peak, active.length);
      if (!health.healthy) {
        unhealthySteps += 1;
        remove(Math.max(STEP / 2, Math.ceil(active.length * 0.05)));
        // The window must see the smaller load before the next decision.
        holdUntil = now + WINDOW_MS;
      } else if (now >= holdUntil && starting === 0) {
        if (active.length >= options.maxMembers || nextMember >= pool.length) {
          cappedByMax = true;
        } else {
          void add(STEP);
        }
      }
      if (Math.round((now - begin) / TICK_MS) % 15 === 0) {
        console.log(
          `  capacity ${database}: ${((now - begin) / 1000).toFixed(0)} s, ${active.length} members, ` +
            `window avg ${health.averageMs.toFixed(0)} ms, p99 ${health.p99Ms.toFixed(0)} ms, ` +
            `${(health.errorShare * 100).toFixed(3)} % errors, ${(health.count / (WINDOW_MS / 1000)).toFixed(0)} req/s`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const cpu = cpuMark ? cpuSince(cpuMark, server.pid, postgres) : null;
    const tail = held.filter((h) => h.at >= lastThird).map((h) => h.members);
    const tailSamples = recorder.since(lastThird);
    const tailHealth = healthOf(tailSamples);
    const tailSeconds = (performance.now() - lastThird) / 1000;
    const actions: CapacityRun['actions'] = {};
    for (const [name, entry] of recorder.byAction) {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      actions[name] = {
        count: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        errors: entry.errors,
      };
    }
    const run: CapacityRun = {
      database,
      seconds: options.seconds,
      heldAverage: tail.length ? tail.reduce((a, b) => a + b, 0) / tail.length : 0,
      heldMin: tail.length ? Math.min(...tail) : 0,
      peak,
      cappedByMax,
      requestsPerSecond: tailSamples.length / tailSeconds,
      averageMs: tailHealth.averageMs,
      p99Ms: tailHealth.p99Ms,
      errors: tailSamples.filter((s) => s.failed).length,
      requests: tailSamples.length,
      actions,
      serverCpuPercent: cpu?.server ?? Number.NaN,
      generatorCpuPercent: cpu?.generator ?? Number.NaN,
      postgresCpuPercent: cpu?.postgres ?? null,
      machineCpuPercent: cpu?.machine ?? Number.NaN,
      unhealthySteps,
      firstError: recorder.firstError ?? firstStartError,
      dataSet: {
        members: seeded.members,
        appointments:
          (seeded.calendars ? seeded.calendars.singles + seeded.calendars.series : 0) + capacity.appointments,
        invites: capacity.invites,
        messages: capacity.messages,
        chats: capacity.chats.length,
      },
      stalls: stallsOf(readProbe(serverLoopFile), generatorLoop.seconds, tailSamples, lastThird),
      statements: readStatements(statementsFile(serverLoopFile)),
      failure:
        startFailures > 0 && active.length === 0 ? `no member could start: ${firstStartError ?? 'unknown'}` : null,
    };
    console.log(
      `  capacity ${database}: held ${run.heldAverage.toFixed(0)} members (fewest ${run.heldMin}) over the last third, ` +
        `${run.requestsPerSecond.toFixed(0)} req/s, avg ${run.averageMs.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(0)} ms`,
    );
    return run;
  } finally {
    generatorLoop.stop();
    remove(active.length);
    // Members still signing in stop as soon as they are up.
    const deadline = performance.now() + 30_000;
    while (starting > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    remove(active.length);
  }
}

type CpuMark = {
  at: number;
  generator: NodeJS.CpuUsage;
  server: number;
  postgres: number;
  machine: { busy: number; total: number };
};

function markCpu(pid: number, postgres: boolean): CpuMark {
  return {
    at: performance.now(),
    generator: process.cpuUsage(),
    server: processTicks(pid),
    postgres: postgres ? postgresTicks() : 0,
    machine: machineTicks(),
  };
}

/** CPU shares since the mark, in % of one core (the machine's in % of all its cores). */
function cpuSince(mark: CpuMark, pid: number, postgres: boolean) {
  const seconds = (performance.now() - mark.at) / 1000;
  const generator = process.cpuUsage(mark.generator);
  const machine = machineTicks();
  return {
    generator: ((generator.user + generator.system) / 1e6 / seconds) * 100,
    server: ((processTicks(pid) - mark.server) / TICKS / seconds) * 100,
    postgres: postgres ? ((postgresTicks() - mark.postgres) / TICKS / seconds) * 100 : null,
    machine: ((machine.busy - mark.machine.busy) / (machine.total - mark.machine.total)) * 100,
  };
}

/** Clock ticks per second of /proc's CPU times. */
const TICKS = 100;

function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** utime + stime of every process named postgres (the machine's PostgreSQL, whoever uses it). */
function postgresTicks(): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function formatCapacityReport(f: CapacityFigures): string {
  const lines = [
    `Capacity: simulated members (${f.thinkMs[0] / 1000}-${f.thinkMs[1] / 1000} s between actions), added while healthy ` +
      `(avg < ${HEALTH.averageMs} ms, p99 < ${HEALTH.p99Ms / 1000} s, errors < ${HEALTH.errorShare * 100} % over ${WINDOW_MS / 1000} s), ` +
      `${f.secondsPerRun} s per engine, at most ${f.maxMembers}`,
    '',
    ...markdownTable(
      [
        'database',
        'held',
        'fewest',
        'peak',
        'req/s',
        'avg',
        'p99',
        'errors',
        'server CPU',
        'bench CPU',
        'postgres CPU',
        'machine',
      ],
      f.runs.map((r) =>
        r.failure
          ? [r.database, `FAILED: ${r.failure}`]
          : [
              r.database,
              r.heldAverage.toFixed(0),
              String(r.heldMin),
              `${r.peak}${r.cappedByMax ? '+' : ''}`,
              r.requestsPerSecond.toFixed(0),
              ms(r.averageMs),
              ms(r.p99Ms),
              String(r.errors),
              percent(r.serverCpuPercent),
              percent(r.generatorCpuPercent),
              percent(r.postgresCpuPercent),
              percent(r.machineCpuPercent),
            ],
      ),
    ),
  ];
  for (const r of f.runs.filter((run) => !run.failure)) {
    const d = r.dataSet;
    lines.push(
      '',
      `${r.database} data: ${d.members} members, ${d.appointments} appointments, ${d.invites} invites, ${d.messages} messages in ${d.chats} chats; ` +
        `${r.unhealthySteps} unhealthy steps${r.firstError ? `; first error: ${r.firstError}` : ''}`,
      `${r.database} actions: ` +
        Object.entries(r.actions)
          .map(
            ([name, a]) =>
              `${name} ${a.count} (p50 ${a.p50Ms.toFixed(0)}, p99 ${a.p99Ms.toFixed(0)} ms${a.errors ? `, ${a.errors} errors` : ''})`,
          )
          .join('; '),
    );
    if (r.stalls) lines.push(formatStalls(r.database, r.stalls));
    const actions = Object.values(r.actions).reduce((n, a) => n + a.count, 0);
    if (r.statements) lines.push(...formatStatements(r.database, r.statements, actions));
  }
  if (f.postgresSkipped) lines.push(`PostgreSQL skipped: ${f.postgresSkipped}`);
  lines.push(
    "'+' after the peak: --capacity-max stopped the climb, the ceiling is higher. CPU in % of one core over the last third; machine % of all cores.",
  );
  return lines.join('\n');
}
