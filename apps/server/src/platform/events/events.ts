import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { afterCommit, inTransaction } from '../db/after-commit.ts';
import { isServiceUnavailable, reportUnavailable } from '../db/unavailable.ts';
import { domainEvents, eventDeliveries } from './tables.ts';
import type { EventInput, Processor, StoredEvent } from './types.ts';

type Log = { error(details: object, message: string): void; warn(details: object, message: string): void };

export type EventsOptions = {
  db: Db;
  log?: Log;
  /** Deliveries handled at once by this process; 0 records events but leaves them to other processes. */
  workers?: number;
  /**
   * How often an idle process looks for work of other processes and due retries (one of its
   * workers looks; the others wait to be woken).
   */
  pollMs?: number;
  /** Tries before a delivery is given up as failed. */
  maxAttempts?: number;
  /** Pause before the first retry, doubled for each further one (at most an hour). */
  retryBaseMs?: number;
  /** Told of the events recorded in a transaction (the cache drops what they change, after the commit). */
  onRecorded?: (tx: Db, inputs: readonly EventInput[]) => void;
};

/** A delivery that failed for good, for network admins to see and retry. */
export type FailedDelivery = {
  id: number;
  processor: string;
  eventType: string;
  subjectType: string;
  subjectId: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

export type Events = ReturnType<typeof createEvents>;

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** How long a worker may take for one delivery before another may take it over. */
const LEASE_SECONDS = 300;
const silent: Log = { error: () => {}, warn: () => {} };

/** An event as `RECORD` takes it. */
const recordOf = (input: EventInput, ord: number) => ({
  ord,
  network_id: input.networkId,
  type: input.type,
  actor_id: input.actorId ?? null,
  subject_type: input.subject.type,
  subject_id: input.subject.id,
  context_type: input.context?.type ?? null,
  context_id: input.context?.id ?? null,
  changes: input.changes ?? {},
});

/**
 * Events and their deliveries (one per processor of the event's type) in one statement whose
 * text never changes: a write recording a batch of events (a hundred chat messages) costs one
 * round trip and no query building per row.
 */
const RECORD = (events: string, processors: string) => sql`
  with recorded as (
    insert into ${domainEvents} (network_id, type, actor_id, subject_type, subject_id, context_type,
      context_id, changes)
    select network_id, type, actor_id, subject_type, subject_id, context_type, context_id, changes
    from jsonb_to_recordset(${events}::jsonb) as e(ord integer, network_id text, type text,
      actor_id text, subject_type text, subject_id text, context_type text, context_id text,
      changes jsonb)
    -- In the order given: events of one subject are handled in the order of their ids.
    order by ord
    returning id, network_id, type, subject_type, subject_id
  )
  insert into ${eventDeliveries} (event_id, network_id, processor, subject_key)
  select r.id, r.network_id, p.processor, r.subject_type || ':' || r.subject_id
  from recorded r
  join jsonb_to_recordset(${processors}::jsonb) as p(type text, processor text) on p.type = r.type`;

export function createEvents(options: EventsOptions) {
  const { db } = options;
  const log = options.log ?? silent;
  const workers = options.workers ?? 1;
  const pollMs = options.pollMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryBaseMs = options.retryBaseMs ?? 1000;

  const processors = new Map<string, Processor>();
  /** Processor names by event type; `*` for those that want every event. */
  const byType = new Map<string, string[]>();
  let running = false;
  /** The idle workers, each waiting to be woken (by a recorded event, or the poller's find). */
  const idle: Array<() => void> = [];
  /** A wake that came while no worker was idle: the next to run out of work looks once more. */
  let woken = false;
  const loops: Promise<void>[] = [];
  const inFlight = new Set<Promise<unknown>>();

  function processorsFor(type: string): string[] {
    return [...(byType.get(type) ?? []), ...(byType.get('*') ?? [])];
  }

  /** One idle worker looks for work now (one recorded write, one worker: more would find nothing). */
  function wake() {
    const next = idle.shift();
    if (next) next();
    else woken = true;
  }

  /**
   * Takes the oldest due delivery whose subject has no older one pending (a lease, so that a
   * worker that dies leaves it to another), hands it to its processor, and marks it handled in
   * the processor's transaction; a failure is tried again later.
   */
  async function handleNext(): Promise<boolean> {
    // The claim and the event it delivers in one round trip: a delivery's fixed cost is the
    // claim, the processor's own statements and the delete.
    const claimed = (await db.execute(sql`
      with claimed as (
        update ${eventDeliveries} set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
          attempts = attempts + 1
        where id = (
          select d.id from ${eventDeliveries} d
          where d.status = 'pending' and d.next_attempt_at <= now()
            and (d.locked_until is null or d.locked_until < now())
            and not exists (
              select 1 from ${eventDeliveries} p
              where p.processor = d.processor and p.subject_key = d.subject_key
                and p.status = 'pending' and p.id < d.id)
          order by d.next_attempt_at, d.id
          limit 1
          for update skip locked)
        returning id, processor, attempts, event_id)
      select c.id, c.processor, c.attempts, c.event_id, e.network_id, e.type, e.actor_id,
        e.subject_type, e.subject_id, e.context_type, e.context_id, e.changes, e.created_at
      from claimed c left join ${domainEvents} e on e.id = c.event_id`)) as unknown as { rows: ClaimedRow[] };
    const claim = claimed.rows[0];
    if (!claim) return false;
    const deliveryId = Number(claim.id);
    const after: Array<() => unknown> = [];
    let marked = false;

    /** Deletes the delivery in `tx`; none left means another worker handled it meanwhile. */
    async function markHandled(tx: Db) {
      const gone = await tx
        .delete(eventDeliveries)
        .where(eq(eventDeliveries.id, deliveryId))
        .returning({ id: eventDeliveries.id });
      if (gone.length === 0) throw new AlreadyHandled();
      marked = true;
    }

    try {
      const processor = processors.get(claim.processor);
      if (!processor) throw new Error(`No processor ${claim.processor} in this version`);
      if (claim.type === null) throw new Error(`Event ${claim.event_id} is gone`);
      await processor.handle(toEvent(claim), {
        attempt: claim.attempts,
        afterCommit: (fn) => after.push(fn),
        transaction: async (fn) => {
          if (marked) throw new Error('A processor has one transaction');
          return db.transaction(async (tx) => {
            const result = await fn(tx);
            await markHandled(tx);
            return result;
          });
        },
      });
      // One statement needs no transaction of its own.
      if (!marked) await markHandled(db);
    } catch (err) {
      if (err instanceof AlreadyHandled || marked) return true;
      await failed(claim, err);
      return true;
    }
    for (const fn of after) {
      try {
        await fn();
      } catch (err) {
        log.warn({ err }, 'event processor follow-up failed');
      }
    }
    return true;
  }

  async function failed(claim: ClaimedRow, err: unknown) {
    const attempt = claim.attempts;
    const message = err instanceof Error ? err.message : String(err);
    const givenUp = attempt >= maxAttempts;
    const delay = Math.min(retryBaseMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS) * (1 + Math.random() * 0.2);
    await db
      .update(eventDeliveries)
      .set({
        lastError: message.slice(0, 2000),
        status: givenUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(Date.now() + delay),
        lockedUntil: null,
      })
      .where(eq(eventDeliveries.id, Number(claim.id)));
    log[givenUp ? 'error' : 'warn'](
      { err, processor: claim.processor, eventId: Number(claim.event_id), attempt },
      givenUp ? 'event processor gave up' : 'event processor failed, will retry',
    );
  }

  async function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    try {
      return await work;
    } finally {
      inFlight.delete(work);
    }
  }

  /**
   * One worker. The first (`polls`) also looks every `pollMs` while idle, for deliveries that
   * other processes recorded and for retries that became due; when it finds one, it wakes another
   * worker, so that a backlog is shared. The others wait to be woken: idle workers that each
   * polled would cost a statement per worker and interval, and most would find nothing.
   */
  async function loop(polls: boolean) {
    let found: 'woken' | 'polled' = 'woken';
    while (running) {
      let handled = false;
      try {
        handled = await track(handleNext());
      } catch (err) {
        // While the database is down every poll fails: said once in a while, not each time.
        if (isServiceUnavailable(err)) reportUnavailable(log, err, 'event workers');
        else log.error({ err }, 'event processing failed');
      }
      if (!running) continue;
      if (handled) {
        if (found === 'polled') wake();
        found = 'woken';
        // On the embedded database a query never leaves the microtask queue: going through a
        // backlog without a pause would starve requests and sockets until it is done.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (woken) {
        woken = false;
        continue;
      }
      found = await new Promise<'woken' | 'polled'>((resolve) => {
        const timer = polls ? setTimeout(() => done('polled'), pollMs) : undefined;
        const onWake = () => done('woken');
        function done(how: 'woken' | 'polled') {
          clearTimeout(timer);
          const at = idle.indexOf(onWake);
          if (at >= 0) idle.splice(at, 1);
          resolve(how);
        }
        idle.push(onWake);
      });
    }
  }

  const events = {
    /** Registers a processor; names are unique. */
    register(processor: Processor): void {
      if (processors.has(processor.name)) throw new Error(`The event processor ${processor.name} exists already`);
      processors.set(processor.name, processor);
      for (const type of processor.types) byType.set(type, [...(byType.get(type) ?? []), processor.name]);
    },

    /** The processor names that handle a type (tests, documentation). */
    processorsFor,

    /**
     * Stores events and, for each, one delivery per processor of its type, in the caller's
     * transaction: they commit or vanish with the write.
     */
    async record(tx: Db, ...inputs: EventInput[]): Promise<void> {
      if (inputs.length === 0) return;
      const types = [...new Set(inputs.map((input) => input.type))];
      const processorsOf = types.flatMap((type) => processorsFor(type).map((processor) => ({ type, processor })));
      await tx.execute(RECORD(JSON.stringify(inputs.map(recordOf)), JSON.stringify(processorsOf)));
      options.onRecorded?.(tx, inputs);
      // A worker is woken after the commit: the deliveries are invisible to other connections
      // until then, and one that looked too early would find nothing and cost a statement.
      // (A transaction of a handle without the commit hooks wakes one at once, as `transaction` does.)
      if (inTransaction(tx)) afterCommit(tx, wake);
      else setImmediate(wake);
    },

    /** A transaction whose recorded events are taken up by this process's workers right after the commit. */
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      // Where the commit hooks run, `record` wakes a worker for each recording; waking one here
      // as well would have it find nothing.
      let hooked = false;
      const result = await db.transaction((tx) => {
        hooked = inTransaction(tx);
        return fn(tx);
      });
      if (!hooked) wake();
      return result;
    },

    wake,

    /** Starts this process's workers. */
    start(): void {
      if (running || workers <= 0) return;
      running = true;
      for (let i = 0; i < workers; i++) loops.push(loop(i === 0));
    },

    /** Lets the deliveries being handled finish and stops the workers. */
    async stop(): Promise<void> {
      running = false;
      for (const idleWorker of [...idle]) idleWorker();
      await Promise.allSettled(loops.splice(0));
      await Promise.allSettled([...inFlight]);
    },

    /**
     * Handles every due delivery, also without started workers; for tests, scripts and seeds.
     * A retry scheduled within the next moment counts as due: with a tiny retry base the next try
     * is often a millisecond away when the queue looks empty.
     */
    async settled(timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await track(handleNext())) continue;
        if (inFlight.size === 0) {
          const [due] = await db
            .select({ n: count() })
            .from(eventDeliveries)
            .where(
              and(
                eq(eventDeliveries.status, 'pending'),
                sql`${eventDeliveries.nextAttemptAt} <= now() + interval '50 milliseconds'`,
                sql`(${eventDeliveries.lockedUntil} is null or ${eventDeliveries.lockedUntil} < now())`,
              ),
            );
          if ((due?.n ?? 0) === 0) return;
        }
        if (Date.now() > deadline) throw new Error(`event deliveries still due after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    /** Deliveries of a network that failed for good, newest first. */
    async failures(networkId: string, page: number, per: number): Promise<{ rows: FailedDelivery[]; total: number }> {
      const where = and(eq(eventDeliveries.networkId, networkId), eq(eventDeliveries.status, 'failed'));
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: eventDeliveries.id,
            processor: eventDeliveries.processor,
            eventType: domainEvents.type,
            subjectType: domainEvents.subjectType,
            subjectId: domainEvents.subjectId,
            attempts: eventDeliveries.attempts,
            lastError: eventDeliveries.lastError,
            createdAt: eventDeliveries.createdAt,
          })
          .from(eventDeliveries)
          .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
          .where(where)
          .orderBy(desc(eventDeliveries.id))
          .limit(per)
          .offset((page - 1) * per),
        db.select({ n: count() }).from(eventDeliveries).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Tries a failed delivery again now; false when there is no such failed delivery. */
    async retry(networkId: string, deliveryId: number): Promise<boolean> {
      const updated = await db
        .update(eventDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
        .where(
          and(
            eq(eventDeliveries.id, deliveryId),
            eq(eventDeliveries.networkId, networkId),
            eq(eventDeliveries.status, 'failed'),
          ),
        )
        .returning({ id: eventDeliveries.id });
      if (updated.length > 0) wake();
      return updated.length > 0;
    },

    /** Forgets events older than the retention that every processor has handled. */
    async sweep(retentionDays = 30): Promise<void> {
      await db.execute(sql`
        delete from ${domainEvents} e
        where e.created_at < now() - make_interval(days => ${retentionDays})
          and not exists (select 1 from ${eventDeliveries} d where d.event_id = e.id)`);
    },
  };
  return events;
}

/** A claimed delivery with its event's columns (null when the event is gone). */
type ClaimedRow = {
  id: number | string;
  processor: string;
  attempts: number;
  event_id: number | string;
  network_id: string;
  type: string | null;
  actor_id: string | null;
  subject_type: string;
  subject_id: string;
  context_type: string | null;
  context_id: string | null;
  changes: Record<string, unknown> | string;
  created_at: Date | string;
};

/** Another worker marked the delivery handled first (its lease had run out): this try's writes roll back. */
class AlreadyHandled extends Error {}

/** The event of a claim, its columns mapped as Drizzle maps them (the driver answers text for times). */
function toEvent(row: ClaimedRow): StoredEvent {
  return {
    id: Number(row.event_id),
    networkId: row.network_id,
    type: row.type!,
    actorId: row.actor_id,
    subject: { type: row.subject_type, id: row.subject_id },
    context: row.context_type && row.context_id ? { type: row.context_type, id: row.context_id } : null,
    changes: domainEvents.changes.mapFromDriverValue(row.changes) as Record<string, unknown>,
    createdAt: domainEvents.createdAt.mapFromDriverValue(row.created_at) as Date,
  };
}
