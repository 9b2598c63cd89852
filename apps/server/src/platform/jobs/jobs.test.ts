import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { withAfterCommit } from '../db/after-commit.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../testing/database.ts';
import { createTestApp } from '../../testing/index.ts';
import { createJobs, JOBS_SCHEMA, type Job, type Jobs } from './jobs.ts';
import { nextSlot } from './recurring.ts';

let database: Database;
const opened: Jobs[] = [];

beforeAll(async () => {
  database = await openTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
});
afterEach(async () => {
  for (const jobs of opened.splice(0)) await jobs.stop();
});
afterAll(() => database.close());

function jobsForTest(options: { recurring?: boolean } = {}) {
  const jobs = createJobs({ database, pollingIntervalSeconds: 0.5, ...options });
  opened.push(jobs);
  return jobs;
}

/** A promise with its resolver, for handlers that report to the test. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('jobs', () => {
  it('hands a sent job to the worker of its queue at once, not at the next poll', async () => {
    const jobs = createJobs({ database, pollingIntervalSeconds: 30 });
    opened.push(jobs);
    const got = deferred<Job<{ n: number }>>();
    jobs.work<{ n: number }>('test.echo', async (job) => got.resolve(job));
    await jobs.start();

    const sentAt = Date.now();
    const id = await jobs.send('test.echo', { n: 7 });
    const job = await got.promise;
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    expect(job).toMatchObject({ id, data: { n: 7 }, retryCount: 0 });
  });

  it('hands a job sent in a transaction to its worker right after the commit', async () => {
    const jobs = createJobs({ database, pollingIntervalSeconds: 30 });
    opened.push(jobs);
    const next = deferred<Job<{ n: number }>>();
    let taken = false;
    jobs.work<{ n: number }>('test.after-commit', async (job) => {
      taken = true;
      next.resolve(job);
    });
    await jobs.start();

    let committedAt = 0;
    await withAfterCommit(database.db).transaction(async (tx) => {
      await jobs.send('test.after-commit', { n: 8 }, { tx });
      // A worker woken now would find nothing yet, and wait its 30 s.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(taken).toBe(false);
      committedAt = Date.now();
    });
    const job = await next.promise;
    expect(Date.now() - committedAt).toBeLessThan(2_000);
    expect(job.data).toEqual({ n: 8 });
  });

  it('stores many jobs in one call, in chunks, each job once with its options', async () => {
    const jobs = jobsForTest();
    await jobs.start();
    const items = Array.from({ length: 1_205 }, (_, n) => ({ n }));
    await jobs.sendMany('test.many', items, { retryLimit: 2 });
    const result = await database.db.execute(
      sql.raw(
        `SELECT count(DISTINCT (data->>'n')) AS n, min(retry_limit) AS lo, max(retry_limit) AS hi FROM ${JOBS_SCHEMA}.job WHERE name = 'test.many'`,
      ),
    );
    const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({ n: expect.anything(), lo: 2, hi: 2 });
    expect(Number(row.n)).toBe(1_205);
  });

  it('works through a backlog without waiting the polling interval between jobs', async () => {
    const jobs = createJobs({ database, pollingIntervalSeconds: 30 });
    opened.push(jobs);
    const done = deferred<void>();
    let count = 0;
    jobs.work('test.backlog', async () => {
      if (++count === 20) done.resolve();
    });
    await jobs.start();
    const sentAt = Date.now();
    await jobs.sendMany(
      'test.backlog',
      Array.from({ length: 20 }, (_, n) => ({ n })),
    );
    await done.promise;
    // At one job per polling interval, 20 jobs would take ten minutes.
    expect(Date.now() - sentAt).toBeLessThan(25_000);
  });

  it('keeps a job sent before the start for the worker', async () => {
    const jobs = jobsForTest();
    await jobs.send('test.early', { early: true });
    const got = deferred<unknown>();
    jobs.work('test.early', async (job) => got.resolve(job.data));
    await jobs.start();
    expect(await got.promise).toEqual({ early: true });
  });

  it('tries a failing job again as its retry options say, until it succeeds', async () => {
    const jobs = jobsForTest();
    const tries: number[] = [];
    jobs.work('test.flaky', async (job) => {
      tries.push(job.retryCount);
      if (tries.length < 3) throw new Error('not yet');
    });
    await jobs.start();
    await jobs.send('test.flaky', {}, { retryLimit: 4, retryDelay: 1 });
    await jobs.settled(15_000);
    expect(tries).toEqual([0, 1, 2]);
  });

  it('gives up after the retry limit and hands the job with its error to the dead-letter queue', async () => {
    const jobs = jobsForTest();
    let tries = 0;
    jobs.work('test.doomed', async () => {
      tries += 1;
      throw new Error(`refused ${tries}`);
    });
    const dead = deferred<Job<unknown>>();
    jobs.work('test.doomed.dead', async (job) => dead.resolve(job));
    await jobs.start();
    await jobs.send('test.doomed', { to: 'x' }, { retryLimit: 1, retryDelay: 1, deadLetter: 'test.doomed.dead' });

    const job = await dead.promise;
    expect(tries).toBe(2);
    expect(job.data).toEqual({ to: 'x' });
    expect(JSON.stringify(job.output)).toContain('refused 2');
  });

  it('lets a running job finish on stop, and leaves no timer behind', async () => {
    const before = timers();
    const jobs = createJobs({ database, pollingIntervalSeconds: 0.5 });
    const started = deferred();
    let finished = false;
    jobs.work('test.slow', async () => {
      started.resolve();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await jobs.start();
    await jobs.send('test.slow', {});
    await started.promise;

    await jobs.stop();
    expect(finished).toBe(true);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('creates its schema where it is missing, and runs its maintenance (several statements in one text)', async () => {
    await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE`));
    const jobs = jobsForTest();
    const got = deferred<unknown>();
    jobs.work('test.fresh', async (job) => got.resolve(job.data));
    await jobs.start();
    await jobs.send('test.fresh', { fresh: 1 });
    expect(await got.promise).toEqual({ fresh: 1 });
    await jobs.settled();
    await expect(jobs.maintain()).resolves.toBeUndefined();
  });

  it('runs in the app from ready to close, and app.close() leaves no timer running', async () => {
    const before = timers();
    const t = await createTestApp();
    const closing = Date.now();
    await t.close();
    // Not waiting out pg-boss's stop timeout (30 s); a loaded machine can take a second or two.
    expect(Date.now() - closing).toBeLessThan(8_000);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('runs a recurring handler once per slot for several processes, and goes on after a restart', async () => {
    const every = { seconds: 2 };
    const runs: string[] = [];
    const processes = [jobsForTest({ recurring: true }), jobsForTest({ recurring: true })];
    for (const jobs of processes) jobs.every('test.every', every, async (slot) => void runs.push(slot.toISOString()));
    for (const jobs of processes) await jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await processes[0]!.stop();
    const restarted = jobsForTest({ recurring: true });
    restarted.every('test.every', every, async (slot) => void runs.push(slot.toISOString()));
    await restarted.start();
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Each slot once, in order, over the restart too (a run late by a whole slot may skip one).
    const times = runs.map((slot) => new Date(slot).getTime());
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(new Set(times).size).toBe(times.length);
    times.forEach((time, i) => expect(i === 0 || time > times[i - 1]!).toBe(true));
    for (const time of times) expect(time % 2_000).toBe(0);
  });

  it('finds the next slot: this one while its run time is not past, else the next', () => {
    const day = { seconds: 86_400, offsetSeconds: 7 * 3_600 };
    expect(nextSlot(new Date('2026-05-04T06:59:00Z'), day).toISOString()).toBe('2026-05-04T00:00:00.000Z');
    expect(nextSlot(new Date('2026-05-04T07:00:01Z'), day).toISOString()).toBe('2026-05-05T00:00:00.000Z');
    expect(nextSlot(new Date('2026-05-05T00:00:00Z'), { seconds: 86_400 }).toISOString()).toBe(
      '2026-05-05T00:00:00.000Z',
    );
  });

  it('queues no recurring run unless asked', async () => {
    const jobs = jobsForTest();
    let ran = false;
    jobs.every('test.every.off', { seconds: 1 }, async () => void (ran = true));
    await jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(ran).toBe(false);
  });
});
