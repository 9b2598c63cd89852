// The events group: what recording a domain event adds to a write (a row in its own transaction,
// with and without one event for two processors, p50/p99), and how many events processors handle
// per second from a backlog, on PGlite and on PostgreSQL (1 and 4 workers).
import { measureEvents, type EventsFigures } from '@agora/server/bench-support';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type EventsReport = { runs: EventsFigures[]; failure: string | null };

export async function runEventsBench(options: { writes: number; events: number }): Promise<EventsReport> {
  const runs: EventsFigures[] = [];
  try {
    runs.push(await measureEvents(options));
    runs.push(await measureEvents({ ...options, databaseUrl: process.env.DATABASE_URL || POSTGRES_URL }));
    return { runs, failure: null };
  } catch (error) {
    return { runs, failure: error instanceof Error ? error.message : String(error) };
  }
}

export function formatEventsReport(report: EventsReport): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const lines = ['Domain events', '', '| database | write | p50 | p99 | mean |', '|---|---|---|---|---|'];
  for (const run of report.runs) {
    lines.push(
      `| ${run.database} | without event | ${ms(run.withoutEvent.p50Ms)} | ${ms(run.withoutEvent.p99Ms)} | ${ms(run.withoutEvent.meanMs)} |`,
    );
    lines.push(
      `| ${run.database} | with event (2 processors) | ${ms(run.withEvent.p50Ms)} | ${ms(run.withEvent.p99Ms)} | ${ms(run.withEvent.meanMs)} |`,
    );
  }
  lines.push('', '| database | workers | events | seconds | events/s |', '|---|---|---|---|---|');
  for (const run of report.runs) {
    for (const p of run.processing) {
      lines.push(
        `| ${run.database} | ${p.workers} | ${p.events} | ${p.seconds.toFixed(2)} | ${p.perSecond.toFixed(0)} |`,
      );
    }
  }
  if (report.failure) lines.push('', `FAILED: ${report.failure}`);
  return lines.join('\n');
}
