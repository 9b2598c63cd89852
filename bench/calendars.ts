// The calendars scenario group: the month sheet of a large calendar network over HTTP on the
// main run's server (the embedded default: PostgreSQL, or PGlite with EMBEDDED_DATABASE=pglite)
// and on the machine's PostgreSQL, the recurrence expansion rate beside plain rrule, and the time and
// memory of an ICS feed. The network: src/seed/large-calendars.ts (50 calendars, 20,000
// appointments, 2,000 weekly or daily series begun up to two years ago, Europe/Berlin).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  generateLargeSeries,
  LARGE_CALENDAR_ZONE,
  occurrencesBetween,
  postgresReachable,
  RRule,
  seedLargeIntoPostgres,
  type LargeCalendarsResult,
  type SeriesRule,
} from '@agora/server/bench-support';
import type { CalendarsFigures, FeedFigures, MonthFigures, UncachedFigures } from './calendars-report.ts';
import { ProcessSampler } from './process-sampler.ts';
import { monthScenario } from './scenarios.ts';
import { startServer, type RunningServer } from './server.ts';

export type Session = { cookie: string; csrf: string };

export type CalendarsBenchOptions = {
  /** The server of the main run (its embedded database), seeded with the calendars. */
  server: RunningServer;
  session: Session;
  calendars: LargeCalendarsResult;
  /** req/s of GET /healthz on that server in this run. */
  healthzPerSecond: number | null;
  duration: number;
  warmup: number;
  /** For the PostgreSQL run, which seeds its own copy of the network. */
  members: number;
  password: string;
  viewerEmail: string;
  /** Where the PostgreSQL run's server keeps its files. */
  scratchDir: string;
  signIn(url: string, email: string): Promise<Session>;
};

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function runCalendarsBench(options: CalendarsBenchOptions): Promise<CalendarsFigures> {
  const failures: string[] = [];
  const month: MonthFigures[] = [];
  const selected = options.calendars.selectedCalendarIds;
  month.push(
    await measureMonth(
      options.server.database(),
      options.server,
      options.session,
      selected,
      options,
      options.healthzPerSecond,
    ),
  );

  let postgresSkipped: string | null = null;
  const adminUrl = process.env.DATABASE_URL || POSTGRES_URL;
  if (await postgresReachable(adminUrl)) {
    const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'postgres-'));
    const started = Date.now();
    const seeded = await seedLargeIntoPostgres(adminUrl, dataDir, {
      members: options.members,
      password: options.password,
      calendars: true,
    });
    console.log(`  calendars: seeded PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    let server: RunningServer | undefined;
    try {
      server = await startServer(dataDir, { databaseUrl: seeded.databaseUrl });
      const session = await options.signIn(server.url, options.viewerEmail);
      if (options.warmup > 0) await load(server.url, '/healthz', {}, options.warmup);
      const healthz = await load(server.url, '/healthz', {}, options.duration);
      month.push(
        await measureMonth(
          'PostgreSQL',
          server,
          session,
          seeded.calendars!.selectedCalendarIds,
          options,
          healthz.requests.average,
        ),
      );
    } finally {
      await server?.stop();
      await seeded.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } else {
    postgresSkipped = `no PostgreSQL answers at ${redact(adminUrl)}`;
  }
  for (const m of month) if (m.failure) failures.push(`${m.database}: ${m.failure}`);

  const recurrence = recurrenceRate();
  const ics = await icsFigures(5000).catch((error: unknown) => {
    failures.push(`ICS: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  return {
    singles: options.calendars.singles,
    series: options.calendars.series,
    month,
    postgresSkipped,
    recurrence,
    ics,
    failure: failures.length ? failures.join('; ') : null,
  };
}

/** The viewer's month: this month (or `monthsAway` from it), the 10 selected calendars. */
function monthQuery(calendarIds: string[], monthsAway = 0, zone = LARGE_CALENDAR_ZONE): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAway, 1)).toISOString().slice(0, 10);
  return `date=${date}&view=sheet&type=month&time_zone=${encodeURIComponent(zone)}&calendar_ids=${calendarIds.join(',')}`;
}

/**
 * A viewer zone with Europe/Berlin's offsets all year: the same six weeks and the same work, but
 * other cache keys, so that the uncached figures can be taken twice (JSON, then gzipped).
 */
const SAME_OFFSETS_ZONE = 'Europe/Paris';

/** The months of the uncached figure: 18 back and 6 ahead, never this month (the warm figure's). */
const UNCACHED_MONTHS = Array.from({ length: 25 }, (_, k) => k - 18).filter((k) => k !== 0);

/**
 * Serial requests for months this server has not answered yet: every one misses the month
 * cache and is computed from the database, as the first look at a month after a write is.
 */
async function measureUncached(
  server: RunningServer,
  headers: Record<string, string>,
  calendarIds: string[],
  zone: string,
): Promise<UncachedFigures> {
  const times: number[] = [];
  const etags = new Set<string>();
  for (const monthsAway of UNCACHED_MONTHS) {
    const started = performance.now();
    const response = await fetch(`${server.url}/appointments?${monthQuery(calendarIds, monthsAway, zone)}`, {
      headers,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`a month answered ${response.status}`);
    const gzipped = response.headers.get('content-encoding') === 'gzip';
    if (gzipped !== (headers['accept-encoding'] !== 'identity')) throw new Error('a month came in another encoding');
    etags.add(response.headers.get('etag') ?? '');
  }
  // Different months are different answers: a repeated ETag would mean a cached answer.
  if (etags.size !== UNCACHED_MONTHS.length) throw new Error('the uncached months were not all different answers');
  times.sort((a, b) => a - b);
  const rank = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return {
    requests: times.length,
    p50Ms: rank(0.5),
    p99Ms: rank(0.99),
    meanMs: times.reduce((a, b) => a + b) / times.length,
  };
}

/** What a browser sends besides its cookie: it always accepts compressed answers. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

async function measureMonth(
  database: MonthFigures['database'],
  server: RunningServer,
  session: Session,
  calendarIds: string[],
  options: CalendarsBenchOptions,
  healthzPerSecond: number | null,
): Promise<MonthFigures> {
  const identity = { cookie: session.cookie, accept: 'application/json' };
  const browser = { ...identity, 'accept-encoding': BROWSER_ENCODINGS };
  const scenario = monthScenario(monthQuery(calendarIds));
  // fetch decompresses; content-length is what went over the wire.
  const sample = await fetch(server.url + scenario.path, { headers: browser });
  const text = await sample.text();
  const empty = { requestsPerSecond: 0, latencyP50Ms: 0, latencyP99Ms: 0 };
  if (!sample.ok) {
    return {
      database,
      ...empty,
      healthzPerSecond,
      ratioToHealthz: null,
      appointments: 0,
      bytes: text.length,
      gzipBytes: null,
      truncated: false,
      identity: null,
      uncached: null,
      uncachedGzip: null,
      notModified: null,
      feed: null,
      failure: `${scenario.path} answered ${sample.status}: ${text.slice(0, 200)}`,
    };
  }
  const body = JSON.parse(text) as { appointments?: unknown[]; truncated?: boolean };
  let failure: string | null = null;
  const fail = (what: string) => (failure = `${failure ? `${failure}; ` : ''}${what}`);
  if (sample.headers.get('content-encoding') !== 'gzip') fail('the month answer came without gzip');

  // Before the loads below: these months have not been asked for yet. fetch asks for gzip
  // unless told otherwise.
  const uncached = (what: string, headers: Record<string, string>, zone: string) =>
    measureUncached(server, headers, calendarIds, zone).catch((error: unknown) => {
      fail(`uncached ${what}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
  const uncachedJson = await uncached('JSON', { ...identity, 'accept-encoding': 'identity' }, SAME_OFFSETS_ZONE);
  const uncachedGzip = await uncached('gzip', browser, LARGE_CALENDAR_ZONE);

  /** One autocannon run of the month; `expected` is the status class every answer must have. */
  const run = async (what: string, headers: Record<string, string>, expected: '2xx' | '3xx') => {
    if (options.warmup > 0) await load(server.url, scenario.path, headers, options.warmup, scenario.connections);
    const result = await load(server.url, scenario.path, headers, options.duration, scenario.connections);
    // autocannon counts every answer (304s among the 3xx) and records the latencies of all.
    const others = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - result[expected];
    if (others > 0) fail(`${what}: ${others} answers outside ${expected}`);
    else if (result.errors > 0) fail(`${what}: ${result.errors} connection errors (${result.timeouts} timeouts)`);
    else if (result[expected] === 0) fail(`${what}: no answer within ${options.duration} s`);
    return {
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
    };
  };
  const warm = await run('gzip', browser, '2xx');
  const plain = await run('identity', identity, '2xx');
  // What a browser does when it looks at the month again: it asks with the ETag it holds.
  const etag = sample.headers.get('etag');
  if (!etag) fail('the month answer has no ETag');
  const notModified = etag ? await run('304', { ...browser, 'if-none-match': etag }, '3xx') : null;

  const feed = await measureFeed(server, session).catch((error: unknown) => {
    fail(`feed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  return {
    database,
    ...warm,
    healthzPerSecond,
    ratioToHealthz: healthzPerSecond ? warm.requestsPerSecond / healthzPerSecond : null,
    appointments: body.appointments?.length ?? 0,
    bytes: Buffer.byteLength(text),
    gzipBytes: Number(sample.headers.get('content-length')) || null,
    truncated: body.truncated === true,
    identity: plain,
    uncached: uncachedJson,
    uncachedGzip,
    notModified,
    feed,
    failure,
  };
}

function load(url: string, pathAndQuery: string, headers: Record<string, string>, duration: number, connections = 10) {
  return autocannon({ url: url + pathAndQuery, headers, connections, duration });
}

/** The viewer's "all calendars" webcal feed over HTTP: a token made first, as the subscribe page does. */
async function measureFeed(server: RunningServer, session: Session): Promise<FeedFigures> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf, accept: 'application/json' };
  const answer = await fetch(`${server.url}/api/v1/users/authentication_token`, { method: 'POST', headers });
  if (!answer.ok) throw new Error(`POST /api/v1/users/authentication_token answered ${answer.status}`);
  const { authentication_token: token } = (await answer.json()) as { authentication_token?: string };
  if (!token) throw new Error('no authentication_token in the answer');
  const url = `${server.url}/calendars/all/appointments.ics?auth_token=${encodeURIComponent(token)}`;
  const memory = new ProcessSampler(server.pid);
  const atRest = memory.now();
  await fetch(url).then((r) => r.arrayBuffer());
  const times: number[] = [];
  let text = '';
  memory.start();
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const response = await fetch(url);
    text = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`the feed answered ${response.status}: ${text.slice(0, 200)}`);
  }
  const peak = memory.stop();
  times.sort((a, b) => a - b);
  return {
    events: text.split('BEGIN:VEVENT').length - 1,
    bytes: Buffer.byteLength(text),
    ms: times[1]!,
    serverRssPeakMB: peak,
    serverRssAtRestMB: atRest,
  };
}

/**
 * Occurrences per second of the 2,000 series for this month: occurrencesBetween in
 * Europe/Berlin against plain rrule's between() in UTC (no TZID), on the same series in the
 * same process. Each side runs passes for at least a second.
 */
function recurrenceRate(): CalendarsFigures['recurrence'] {
  const now = new Date();
  const rules: SeriesRule[] = generateLargeSeries(2000, now).map((row) => ({
    start: row.startsAt,
    end: row.endsAt ?? null,
    allDay: row.allDay ?? false,
    timeZone: row.timeZone,
    frequency: row.recurrence!.frequency,
    interval: row.recurrence!.interval ?? 1,
    unit: row.recurrence!.unit ?? 'daily',
    until: row.recurrence!.until ?? null,
  }));
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

  const ours = rate(() => {
    let n = 0;
    for (const rule of rules) n += occurrencesBetween(rule, from, to).length;
    return n;
  });
  const plain = rules.map(
    (rule) =>
      new RRule({
        freq: rule.frequency === 'daily' ? RRule.DAILY : RRule.WEEKLY,
        interval: rule.interval,
        dtstart: rule.start,
        until: rule.until,
      }),
  );
  const theirs = rate(() => {
    let n = 0;
    // A fresh RRule per pass: rrule caches what between() found, which a server answering
    // many different months and members could not count on.
    for (const rule of plain) n += new RRule(rule.origOptions).between(from, to, true).length;
    return n;
  });
  return {
    series: rules.length,
    month: from.toISOString().slice(0, 7),
    occurrencesPerPass: ours.perPass,
    perSecond: ours.perSecond,
    rruleOccurrencesPerPass: theirs.perPass,
    rrulePerSecond: theirs.perSecond,
    ratio: ours.perSecond / theirs.perSecond,
  };
}

function rate(pass: () => number): { perPass: number; perSecond: number } {
  pass(); // warm-up
  let passes = 0;
  let total = 0;
  const started = performance.now();
  while (passes === 0 || performance.now() - started < 1000) {
    total += pass();
    passes++;
  }
  return { perPass: total / passes, perSecond: total / ((performance.now() - started) / 1000) };
}

/** buildCalendar of `events` events in a child process of its own, for a clean peak memory. */
function icsFigures(events: number): Promise<NonNullable<CalendarsFigures['ics']>> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./ics-child.ts', import.meta.url), [String(events)], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve(message as NonNullable<CalendarsFigures['ics']>));
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`ics-child exited with ${code}`)) : undefined));
  });
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
