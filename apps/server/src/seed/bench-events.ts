import { sql } from 'drizzle-orm';
import type { Database, Db } from '../platform/db/client.ts';
import { createEvents } from '../platform/events/index.ts';
import { openScratchDatabase } from './bench-app.ts';

/** Latencies of one kind of write, in milliseconds. */
export type WriteLatency = { writes: number; p50Ms: number; p99Ms: number; meanMs: number };

export type EventsFigures = {
  database: 'embedded PGlite' | 'PostgreSQL';
  /** The same write (a row in its own transaction) without an event, and with one event for two processors. */
  withoutEvent: WriteLatency;
  withEvent: WriteLatency;
  /** Events handled per second by processors that each write a row, by worker count. */
  processing: Array<{ workers: number; events: number; seconds: number; perSecond: number }>;
};

export type EventsBenchOptions = { writes: number; events: number; databaseUrl?: string };

/**
 * What recording a domain event adds to a write, and how fast processors work through a backlog.
 * Runs on a fresh database of its own (PGlite in a temporary folder, or a new PostgreSQL database).
 */
export async function measureEvents(options: EventsBenchOptions): Promise<EventsFigures> {
  const scratch = await openScratchDatabase('events', options.databaseUrl);
  const { database } = scratch;
  try {
    await database.db.execute(sql`create table bench_writes (id bigserial primary key, body text not null)`);
    const write = (tx: Db, i: number) => tx.execute(sql`insert into bench_writes (body) values (${`write ${i}`})`);

    const recording = createEvents({ db: database.db, workers: 0 });
    for (const processor of ['bench.first', 'bench.second']) {
      recording.register({ name: processor, types: ['bench.written'], handle: async () => {} });
    }
    // Alternating, so that both see the same state of the machine and the tables.
    const plain: number[] = [];
    const recorded: number[] = [];
    for (let i = 0; i < options.writes; i++) {
      plain.push(await timed(() => database.db.transaction((tx) => write(tx, i))));
      recorded.push(
        await timed(() =>
          database.db.transaction(async (tx) => {
            await write(tx, i);
            await recording.record(tx, {
              networkId: 'bench',
              type: 'bench.written',
              actorId: 'bench',
              subject: { type: 'bench', id: String(i) },
              changes: { body: `write ${i}` },
            });
          }),
        ),
      );
    }
    await database.db.execute(sql`delete from event_deliveries`);

    const processing: EventsFigures['processing'] = [];
    for (const workers of database.kind === 'postgres' ? [1, 4] : [1]) {
      processing.push(await drain(database, workers, options.events));
    }
    return {
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite',
      withoutEvent: latency(plain),
      withEvent: latency(recorded),
      processing,
    };
  } finally {
    await scratch.close();
  }
}

/** Records a backlog of events (subjects spread, as many writers make them), then times the workers through it. */
async function drain(database: Database, workers: number, count: number) {
  const events = createEvents({ db: database.db, workers, pollMs: 20 });
  let handled = 0;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  events.register({
    name: `bench.processor-${workers}`,
    types: ['bench.backlog'],
    async handle(event, { transaction }) {
      await transaction((tx) => tx.execute(sql`insert into bench_writes (body) values (${`handled ${event.id}`})`));
      if (++handled === count) finished();
    },
  });
  for (let start = 0; start < count; start += 500) {
    await database.db.transaction((tx) =>
      events.record(
        tx,
        ...Array.from({ length: Math.min(500, count - start) }, (_, k) => ({
          networkId: 'bench',
          type: 'bench.backlog',
          subject: { type: 'bench', id: String((start + k) % 200) },
        })),
      ),
    );
  }
  const began = performance.now();
  events.start();
  await done;
  const seconds = (performance.now() - began) / 1000;
  await events.stop();
  return { workers, events: count, seconds, perSecond: count / seconds };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await run();
  return performance.now() - began;
}

function latency(samples: number[]): WriteLatency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    writes: samples.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    meanMs: samples.reduce((sum, x) => sum + x, 0) / Math.max(1, samples.length),
  };
}

/** Runs one statement on the server of `url` (CREATE or DROP DATABASE for a benchmark's own). */
