import fs from 'node:fs';
import path from 'node:path';
import type { CalendarsFigures } from './calendars-report.ts';
import type { ChatFigures } from './chat.ts';
import type { ParticipationFigures } from './participation.ts';
import type { StorageFigures } from './storage.ts';

export type Conditions = {
  members: number;
  /** Connections of each scenario, by name. */
  connections: Record<string, number>;
  durationSeconds: number;
  warmupSeconds: number;
  node: string;
  cpus: number;
  cpuModel: string;
  database: string;
  /** The machine's 1-minute load average when the run began: other work skews the figures. */
  loadAverage: number;
};

export type ScenarioResult = {
  name: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** requestsPerSecond divided by that of the baseline (/healthz) in the same run. */
  ratioToBaseline: number;
  non2xx: number;
  errors: number;
  /** Why the scenario failed, or null. */
  failure: string | null;
};

export function formatReport(conditions: Conditions, results: ScenarioResult[]): string {
  const [first, ...rest] = Object.entries(conditions.connections);
  const others = rest.filter(([, count]) => count !== first?.[1]).map(([name, count]) => `${count} for ${name}`);
  const connections = `${first?.[1]} connections${others.length ? ` (${others.join(', ')})` : ''}`;
  const header =
    `${conditions.members} members, ${connections}, ${conditions.durationSeconds} s per scenario ` +
    `(after ${conditions.warmupSeconds} s warm-up), Node ${conditions.node}, ${conditions.cpus} CPUs (${conditions.cpuModel}), ` +
    `database: ${conditions.database}, load average at start ${conditions.loadAverage.toFixed(2)}`;
  const width = Math.max(...results.map((r) => r.name.length));
  const columns = `${'scenario'.padEnd(width)}  conn     req/s   p50 ms   p99 ms  vs /healthz`;
  const lines = results.map(
    (r) =>
      `${r.name.padEnd(width)}  ${String(r.connections).padStart(4)}  ${r.requestsPerSecond.toFixed(1).padStart(8)}  ` +
      `${r.latencyP50Ms.toFixed(2).padStart(7)}  ${r.latencyP99Ms.toFixed(2).padStart(7)}  ${r.ratioToBaseline.toFixed(3).padStart(11)}` +
      (r.failure ? `  FAILED: ${r.failure}` : ''),
  );
  return [header, columns, ...lines].join('\n');
}

export function writeJson(
  file: string,
  conditions: Conditions,
  results: ScenarioResult[],
  storage: StorageFigures | null = null,
  calendars: CalendarsFigures | null = null,
  participation: ParticipationFigures | null = null,
  chat: ChatFigures | null = null,
): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    conditions,
    scenarios: results,
    ...(storage ? { storage } : {}),
    ...(calendars ? { calendars } : {}),
    ...(participation ? { participation } : {}),
    ...(chat ? { chat } : {}),
  };
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
}
