import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.ts';
import { afterCommit, inTransaction } from '../db/after-commit.ts';
import { sqlExecutor } from '../db/executor.ts';
import { isServiceUnavailable, reportUnavailable } from '../db/unavailable.ts';
import { jobsDbAdapter } from './db-adapter.ts';
import { nextSlot, slotJob, type EveryOptions, type RecurringHandler, type SlotJob } from './recurring.ts';

/** pg-boss keeps its tables in a schema of their own, which it creates and migrates itself. */
export const JOBS_SCHEMA = 'pgboss';

export type JobOptions = {
  /** How many times a failed job is tried again (so `retryLimit + 1` tries in all). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled (with jitter) for each further one when `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** The queue that gets a copy of the job once its last try failed. */
  deadLetter?: string;
  /** Seconds from now, or a time. */
  startAfter?: number | Date;
  /** A job's own id (a uuid): a second send of the same id stores nothing and answers null. */
  id?: string;
  singletonKey?: string;
  /**
   * With `singletonKey`: one job of the queue and key per time slot of this many seconds; a
   * second send in the same slot (by any process) stores nothing and answers null.
   */
  singletonSeconds?: number;
  /** A try that runs longer than this counts as failed. */
  expireInSeconds?: number;
  /**
   * Stores the job in this transaction, so that it exists exactly when the transaction commits.
   * Its queue must exist already (a worker registered before start, or an earlier send).
   */
  tx?: Db;
};

const SEND_MANY_CHUNK = 1000;
/**
 * How often an idle worker looks for jobs it was not woken for: retries that became due and jobs
 * other processes stored. A job stored in this process wakes its worker at once, so this is
 * rarely waited for; each look is a statement per queue, a dozen queues in all.
 */
const IDLE_POLLING_SECONDS = 10;

export type Job<T> = {
  id: string;
  data: T;
  /** 0 on the first try. */
  retryCount: number;
  /** What the last failed try left: its error, for a dead-letter copy. */
  output: unknown;
};

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type WorkOptions = { pollingIntervalSeconds?: number };

export type Jobs = {
  /** Creates pg-boss's schema when missing and starts the workers registered so far. */
  start(): Promise<void>;
  /** Stops the workers, lets running jobs finish (up to a timeout) and waits for their last writes. */
  stop(): Promise<void>;
  /** Stores a job; it survives restarts. Works before `start()` too: the workers pick it up once started. */
  send<T extends object>(queue: string, data: T, options?: JobOptions): Promise<string | null>;
  /**
   * Stores many jobs of one queue in one statement (a mail to each of thousands, say); the same
   * options for each. `startAfter` and the singleton options are not supported here.
   */
  sendMany<T extends object>(
    queue: string,
    items: T[],
    options?: Omit<JobOptions, 'startAfter' | 'singletonKey' | 'singletonSeconds'>,
  ): Promise<void>;
  /**
   * Runs `handler` once per slot of `seconds` (one run for all processes, the slot's job being
   * stored once), from the next slot after `start()` on; each run queues the next slot's first,
   * so the series goes on through failures and restarts. Nothing runs unless `recurring` is on.
   */
  every(queue: string, options: EveryOptions, handler: RecurringHandler): void;
  /** Registers the handler of a queue; a handler that throws fails the try, which is retried as the job says. */
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** Waits until no job of a known queue is waiting, due for a retry or running (tests, scripts). */
  settled(timeoutMs?: number): Promise<void>;
  /** Expires stuck jobs, archives and deletes old ones now (pg-boss does it on its own every few minutes). */
  maintain(): Promise<void>;
};

type Log = { error(details: object, message: string): void; warn(details: object, message: string): void };

export type JobsOptions = {
  database: Database;
  log?: Log;
  /** How often an idle worker looks for due jobs (retries, other processes' jobs); local sends wake it at once. */
  pollingIntervalSeconds?: number;
  /** How long `stop()` lets running jobs finish before failing them (they are retried later). */
  stopTimeoutMs?: number;
  /** Whether the runs of `every` are queued; off unless asked (tests call the handlers themselves). */
  recurring?: boolean;
};

type Registered = { handler: JobHandler<unknown>; options: WorkOptions };

const silent: Log = { error: () => {}, warn: () => {} };

export function createJobs(options: JobsOptions): Jobs {
  const log = options.log ?? silent;
  const db = jobsDbAdapter(options.database);
  const common = { db, schema: JOBS_SCHEMA, schedule: false } as const;
  // The schema is installed by an instance without timers, so that a send before start leaves nothing running.
  const installer = new PgBoss({ ...common, supervise: false, migrate: true });
  const boss = new PgBoss({ ...common, supervise: true, migrate: false });
  boss.on('error', (err) =>
    isServiceUnavailable(err) ? reportUnavailable(log, err, 'job queue') : log.error({ err }, 'job queue error'),
  );

  const registered = new Map<string, Registered>();
  const workerIds = new Map<string, string>();
  const queues = new Map<string, Promise<void>>();
  const running = new Set<Promise<unknown>>();
  const recurring = new Map<string, EveryOptions>();
  let installing: Promise<unknown> | null = null;
  let state: 'idle' | 'started' | 'stopped' = 'idle';

  const installed = () => (installing ??= installer.start());

  // Queues are made one after another: pg-boss makes a table per queue, and concurrent creations
  // can deadlock on a fresh PostgreSQL database.
  let creating: Promise<unknown> = Promise.resolve();

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      const after = creating;
      created = installed()
        .then(() => after.catch(() => {}))
        .then(() => boss.createQueue(name));
      creating = created;
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  }

  async function subscribe(queue: string, { handler, options: workOptions }: Registered) {
    await ensureQueue(queue);
    const id = await boss.work(
      queue,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds:
          workOptions.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? IDLE_POLLING_SECONDS,
      },
      async ([job]: PgBoss.JobWithMetadata<unknown>[]) => {
        // The embedded database answers without ever leaving the microtask queue: a worker going
        // through a backlog job after job would starve requests and sockets. Each job waits its
        // turn behind the I/O that is due.
        await new Promise((resolve) => setImmediate(resolve));
        const run = handler({ id: job!.id, data: job!.data, retryCount: job!.retryCount, output: job!.output });
        running.add(run);
        try {
          await run;
        } catch (err) {
          log.warn({ err, queue, jobId: job!.id, retryCount: job!.retryCount }, 'job failed');
          throw err;
        } finally {
          running.delete(run);
          // pg-boss waits its polling interval after every fetch, also one that found a job: a
          // backlog of thousands (one mail per invitee) would go out one per interval. A worker
          // that found a job looks for the next at once; one that found none waits as usual.
          const self = workerIds.get(queue);
          if (self && state === 'started') boss.notifyWorker(self);
        }
      },
    );
    workerIds.set(queue, id);
  }

  /**
   * A worker of this process takes a job just stored at once instead of at its next poll; after
   * the commit when it was stored in a transaction (looking earlier, it would find nothing and
   * wait a whole interval).
   */
  function wakeWorker(queue: string, tx: Db | undefined) {
    const notify = () => {
      const workerId = workerIds.get(queue);
      if (workerId && state === 'started') boss.notifyWorker(workerId);
    };
    if (tx && inTransaction(tx)) afterCommit(tx, notify);
    else notify();
  }

  // The first slot whose run is still ahead at `after`; the job of a slot stored already stays as it is.
  function sendSlot(queue: string, every: EveryOptions, after: Date) {
    const { data, options: slotOptions } = slotJob(queue, nextSlot(after, every), every);
    return api.send(queue, data, slotOptions);
  }

  async function settle() {
    do {
      await Promise.allSettled([...running]);
      await db.drain();
    } while (running.size > 0);
  }

  const api: Jobs = {
    async start() {
      if (state === 'started') return;
      await installed();
      await boss.start();
      state = 'started';
      for (const [queue, entry] of registered) await subscribe(queue, entry);
      if (options.recurring) for (const [queue, every] of recurring) await sendSlot(queue, every, new Date());
    },

    async stop() {
      if (state !== 'started') return;
      state = 'stopped';
      await boss.stop({ graceful: true, close: false, wait: true, timeout: options.stopTimeoutMs ?? 5_000 });
      // A worker may have fetched a job just before it was stopped: let that finish, and what it writes.
      await settle();
    },

    async send(queue, data, { tx, ...jobOptions } = {}) {
      if (tx) {
        // Creating a queue inside the caller's transaction would wait for that very transaction
        // on the embedded database: the queues must be there already.
        for (const name of [queue, jobOptions.deadLetter]) {
          if (name && !queues.has(name)) throw new Error(`The queue ${name} is not created yet`);
        }
      }
      await ensureQueue(queue);
      if (jobOptions.deadLetter) await ensureQueue(jobOptions.deadLetter);
      const id = await boss.send(queue, data, tx ? { ...jobOptions, db: sqlExecutor(tx) } : jobOptions);
      wakeWorker(queue, tx);
      return id;
    },

    async sendMany(queue, items, { tx, ...jobOptions } = {}) {
      if (items.length === 0) return;
      if (tx) {
        for (const name of [queue, jobOptions.deadLetter]) {
          if (name && !queues.has(name)) throw new Error(`The queue ${name} is not created yet`);
        }
      }
      await ensureQueue(queue);
      if (jobOptions.deadLetter) await ensureQueue(jobOptions.deadLetter);
      // One statement per chunk keeps each within the parameter and memory limits of the database.
      for (let i = 0; i < items.length; i += SEND_MANY_CHUNK) {
        const jobs = items.slice(i, i + SEND_MANY_CHUNK).map((data) => ({ name: queue, data, ...jobOptions }));
        await boss.insert(jobs, tx ? { db: sqlExecutor(tx) } : {});
      }
      wakeWorker(queue, tx);
    },

    every(queue, every, handler) {
      recurring.set(queue, every);
      api.work<SlotJob>(queue, async ({ data }) => {
        const slot = new Date(data.slot);
        // A late run (the servers were down) does not catch up on the slots it missed.
        const after = new Date(Math.max(Date.now(), slot.getTime() + every.seconds * 1000));
        if (options.recurring) await sendSlot(queue, every, after);
        await handler(slot);
      });
    },

    work(queue, handler, workOptions = {}) {
      if (registered.has(queue)) throw new Error(`The queue ${queue} has a worker already`);
      const entry = { handler: handler as JobHandler<unknown>, options: workOptions };
      registered.set(queue, entry);
      if (state === 'started') {
        subscribe(queue, entry).catch((err) => log.error({ err, queue }, 'job worker did not start'));
      }
    },

    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let waiting = 0;
        for (const queue of queues.keys()) {
          // A recurring queue always holds its next slot's job.
          if (!recurring.has(queue)) waiting += await boss.getQueueSize(queue, { before: 'completed' });
        }
        if (waiting === 0 && running.size === 0) return;
        if (Date.now() > deadline) throw new Error(`${waiting} jobs still waiting after ${timeoutMs} ms`);
        // A retry that became due is otherwise taken at the next poll, seconds away.
        if (state === 'started') for (const workerId of workerIds.values()) boss.notifyWorker(workerId);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async maintain() {
      await installed();
      await boss.maintain();
    },
  };
  return api;
}
