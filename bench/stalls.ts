// Where the capacity run's slow answers come from: the server's event loop (and its garbage
// collector), the load generator's own event loop, or neither (the database, the network stack).
// The server reports each second through bench/event-loop-probe.mjs; the generator watches its
// own loop the same way (watchOwnLoop).
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** One second of an event loop: its p99 and longest delay, and (the server's) GC pauses. */
export type LoopSecond = { at: number; p99Ms: number; maxMs: number; gcMs?: number; gcLongestMs?: number };

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
};

export const STALL_MS = 100;
export const SLOW_MS = 300;

export const PROBE = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));

/** The generator's own loop, second by second, until stopped. */
export function watchOwnLoop(): { seconds: LoopSecond[]; stop(): void } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const seconds: LoopSecond[] = [];
  const timer = setInterval(() => {
    seconds.push({ at: Date.now(), p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
    delay.reset();
  }, 1000);
  timer.unref();
  return {
    seconds,
    stop() {
      clearInterval(timer);
      delay.disable();
    },
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
  };
}

export function formatStalls(database: string, s: Stalls): string {
  const share = (n: number) => (s.slowAnswers ? `${((n / s.slowAnswers) * 100).toFixed(0)} %` : '-');
  return (
    `${database} stalls over the last third: server loop p99 ${s.serverLoopP99Ms.toFixed(1)} ms (median second), ` +
    `longest ${s.serverLoopMaxMs.toFixed(0)} ms, late over ${STALL_MS} ms in ${s.serverStalledSeconds} of ${s.seconds} s; ` +
    `GC ${s.serverGcMsPerSecond.toFixed(0)} ms/s, longest pause ${s.serverGcLongestMs.toFixed(0)} ms; ` +
    `generator loop longest ${s.generatorLoopMaxMs.toFixed(0)} ms; ` +
    `${s.slowAnswers} answers over ${SLOW_MS} ms, ${share(s.slowWithServerStall)} while the server's loop stalled, ` +
    `${share(s.slowWithGeneratorStall)} while the generator's did`
  );
}
