// Where the capacity run's slow answers come from: the server's event loop (and its garbage
// collector), the load generator's own event loop, the pool of database connections, the
// database's answers, or none of them (the network stack). The server reports each second
// through bench/event-loop-probe.mjs; the generator watches its own loop with the probe's watchLoop.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { watchLoop } from './event-loop-probe.mjs';

/** Durations of one kind within a second, as the server's probe counts them. */
type Durations = { n: number; p99Ms: number; maxMs: number; sumMs: number };

/**
 * One second of an event loop: its p99 and longest delay; the server's also its GC pauses, its
 * HTTP answers, its waits for a pooled connection and its statements' round trips.
 */
export type LoopSecond = {
  at: number;
  p99Ms: number;
  maxMs: number;
  gcMs?: number;
  gcLongestMs?: number;
  http?: Durations;
  poolWait?: Durations;
  statement?: Durations;
};

/** Over the seconds of the last third: count, average, median second's p99 and longest. */
export type Summed = { n: number; averageMs: number; p99Ms: number; maxMs: number };

export type Stalls = {
  /** Over the seconds of the last third: the median of the server loop's per-second p99, its longest delay. */
  serverLoopP99Ms: number;
  serverLoopMaxMs: number;
  /** Seconds in which the server's loop was late by more than STALL_MS at least once. */
  serverStalledSeconds: number;
  seconds: number;
  serverGcMsPerSecond: number;
  serverGcLongestMs: number;
  generatorLoopMaxMs: number;
  /** Answers slower than SLOW_MS, and of them those during which either loop stalled. */
  slowAnswers: number;
  slowWithServerStall: number;
  slowWithGeneratorStall: number;
  /** Seen from inside the server (absent when its probe did not report them). */
  serverHttp: Summed | null;
  poolWait: Summed | null;
  statement: Summed | null;
};

export const STALL_MS = 100;
export const SLOW_MS = 300;

export const PROBE = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));

/** The generator's own loop, second by second, until stopped. */
export function watchOwnLoop(): { seconds: LoopSecond[]; stop(): void } {
  const loop = watchLoop();
  const seconds: LoopSecond[] = [];
  const timer = setInterval(() => seconds.push({ at: Date.now(), ...loop.take() }), 1000);
  timer.unref();
  return {
    seconds,
    stop() {
      clearInterval(timer);
      loop.stop();
    },
  };
}

function summed(seconds: Array<Durations | undefined>): Summed | null {
  const present = seconds.filter((d): d is Durations => d !== undefined && d.n > 0);
  if (present.length === 0) return null;
  const n = present.reduce((a, d) => a + d.n, 0);
  const p99s = present.map((d) => d.p99Ms).sort((a, b) => a - b);
  return {
    n,
    averageMs: present.reduce((a, d) => a + d.sumMs, 0) / n,
    p99Ms: p99s[Math.floor(p99s.length / 2)]!,
    maxMs: Math.max(...present.map((d) => d.maxMs)),
  };
}

export function readProbe(file: string): LoopSecond[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoopSecond);
}

/**
 * `answers`: each answer's end (performance.now()) and duration, from `since` (performance.now())
 * on. A second reported at `at` covers the second before it.
 */
export function stallsOf(
  server: LoopSecond[],
  generator: LoopSecond[],
  answers: Array<{ at: number; ms: number }>,
  since: number,
): Stalls {
  const wall = (t: number) => performance.timeOrigin + t;
  const from = wall(since);
  const serverTail = server.filter((s) => s.at > from);
  const generatorTail = generator.filter((s) => s.at > from);
  const stalledDuring = (seconds: LoopSecond[], start: number, end: number) =>
    seconds.some((s) => s.maxMs > STALL_MS && s.at >= start && s.at - 1000 <= end);
  const slow = answers.filter((a) => a.ms > SLOW_MS);
  const spans = slow.map((a) => [wall(a.at - a.ms), wall(a.at)] as const);
  const p99s = serverTail.map((s) => s.p99Ms).sort((a, b) => a - b);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    serverLoopP99Ms: p99s.length ? p99s[Math.floor(p99s.length / 2)]! : Number.NaN,
    serverLoopMaxMs: Math.max(0, ...serverTail.map((s) => s.maxMs)),
    serverStalledSeconds: serverTail.filter((s) => s.maxMs > STALL_MS).length,
    seconds: serverTail.length,
    serverGcMsPerSecond: serverTail.length ? sum(serverTail.map((s) => s.gcMs ?? 0)) / serverTail.length : Number.NaN,
    serverGcLongestMs: Math.max(0, ...serverTail.map((s) => s.gcLongestMs ?? 0)),
    generatorLoopMaxMs: Math.max(0, ...generatorTail.map((s) => s.maxMs)),
    slowAnswers: slow.length,
    slowWithServerStall: spans.filter(([start, end]) => stalledDuring(serverTail, start, end)).length,
    slowWithGeneratorStall: spans.filter(([start, end]) => stalledDuring(generatorTail, start, end)).length,
    serverHttp: summed(serverTail.map((s) => s.http)),
    poolWait: summed(serverTail.map((s) => s.poolWait)),
    statement: summed(serverTail.map((s) => s.statement)),
  };
}

/** The statements the server sent over the whole run: per HTTP route, and outside any HTTP answer. */
export type Statements = {
  /** The routes that sent the most, with their answers, statements and milliseconds per answer. */
  routes: Array<{ route: string; answers: number; perAnswer: number; msPerAnswer: number }>;
  insideHttp: number;
  /** Socket events, event processors and jobs. */
  outsideHttp: number;
  /** The statements sent most often outside HTTP answers, by their first words. */
  busiestOutside: Array<{ statement: string; count: number }>;
};

type RouteTotals = { answers: number; statements: number; ms: number };

/** The probe's statement counts (written beside its seconds), or null when it wrote none. */
export function readStatements(file: string): Statements | null {
  if (!fs.existsSync(file)) return null;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    outside: { statements: number };
    routes: Record<string, RouteTotals>;
    outsideTexts: Record<string, number>;
  };
  // Ids in paths are already left out; an appointment's page is named by a slug, so those are merged.
  const merged = new Map<string, RouteTotals>();
  for (const [route, totals] of Object.entries(raw.routes)) {
    const key = route.replace(/^(GET \/appointments\/)[^/]+$/, '$1:slug').replace(/(invites\/)[^/]+\//, '$1:id/');
    const into = merged.get(key) ?? { answers: 0, statements: 0, ms: 0 };
    into.answers += totals.answers;
    into.statements += totals.statements;
    into.ms += totals.ms;
    merged.set(key, into);
  }
  const routes = [...merged]
    .sort(([, a], [, b]) => b.statements - a.statements)
    .slice(0, 8)
    .map(([route, t]) => ({
      route,
      answers: t.answers,
      perAnswer: t.statements / t.answers,
      msPerAnswer: t.ms / t.answers,
    }));
  // The column lists say little: `select … from <table> …` names the statement in a line.
  const firstWords = (text: string) =>
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^select .*? from /, 'select … from ')
      .slice(0, 110);
  return {
    routes,
    insideHttp: [...merged.values()].reduce((a, t) => a + t.statements, 0),
    outsideHttp: raw.outside.statements,
    busiestOutside: Object.entries(raw.outsideTexts)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 12)
      .map(([statement, count]) => ({ statement: firstWords(statement), count })),
  };
}

export function formatStatements(database: string, s: Statements, actions: number): string[] {
  // Per action: a figure that the machine's noise does not move, to compare commits by.
  const perAction = actions > 0 ? `, ${((s.insideHttp + s.outsideHttp) / actions).toFixed(2)} per action` : '';
  return [
    `${database} statements over the run: ${s.insideHttp} in HTTP answers, ${s.outsideHttp} outside them (socket events, processors, jobs)${perAction}`,
    ...s.routes.map(
      (r) =>
        `  ${r.route}: ${r.answers} answers, ${r.perAnswer.toFixed(1)} statements and ${r.msPerAnswer.toFixed(0)} ms each`,
    ),
    ...s.busiestOutside.map((b) => `  outside HTTP ${b.count}x: ${b.statement}`),
  ];
}

export function formatStalls(database: string, s: Stalls): string {
  const share = (n: number) => (s.slowAnswers ? `${((n / s.slowAnswers) * 100).toFixed(0)} %` : '-');
  return (
    `${database} stalls over the last third: server loop p99 ${s.serverLoopP99Ms.toFixed(1)} ms (median second), ` +
    `longest ${s.serverLoopMaxMs.toFixed(0)} ms, late over ${STALL_MS} ms in ${s.serverStalledSeconds} of ${s.seconds} s; ` +
    `GC ${s.serverGcMsPerSecond.toFixed(0)} ms/s, longest pause ${s.serverGcLongestMs.toFixed(0)} ms; ` +
    `generator loop longest ${s.generatorLoopMaxMs.toFixed(0)} ms; ` +
    `${s.slowAnswers} answers over ${SLOW_MS} ms, ${share(s.slowWithServerStall)} while the server's loop stalled, ` +
    `${share(s.slowWithGeneratorStall)} while the generator's did` +
    inside('HTTP answers in the server', s.serverHttp) +
    inside('waits for a pooled connection', s.poolWait) +
    inside('statements (round trip to PostgreSQL)', s.statement)
  );
}

function inside(what: string, d: Summed | null): string {
  if (!d) return '';
  return `; ${what}: ${d.n}, average ${d.averageMs.toFixed(1)} ms, p99 ${d.p99Ms.toFixed(0)} ms (median second), longest ${d.maxMs.toFixed(0)} ms`;
}
