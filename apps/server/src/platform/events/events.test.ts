import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withAfterCommit } from '../db/after-commit.ts';
import type { Database, Db } from '../db/client.ts';
import { openTestDatabase } from '../../testing/database.ts';
import { createEvents, type Events } from './events.ts';
import type { ProcessorContext, StoredEvent } from './types.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  // A table of the test's own, written by processors in their transaction.
  await database.db.execute(sql`create table processed (event_id bigint, processor text)`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from processed`);
  await database.db.execute(sql`delete from event_deliveries`);
  await database.db.execute(sql`delete from domain_events`);
});

const input = (type: string, subjectId = 's1') => ({
  networkId: 'n1',
  type,
  actorId: 'm1',
  subject: { type: 'thing', id: subjectId },
  changes: { name: 'Thing' },
});

async function processed(): Promise<Array<{ event_id: number; processor: string }>> {
  const result = (await database.db.execute(
    sql`select event_id, processor from processed order by event_id`,
  )) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return result.rows.map((r) => ({ event_id: Number(r.event_id), processor: String(r.processor) }));
}

/** Waits (up to 10 s) until the started workers have processed `n` deliveries. */
async function untilProcessed(n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await processed()).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(await processed()).toHaveLength(n);
}

function eventsWith(options: Partial<Parameters<typeof createEvents>[0]> = {}): Events {
  return createEvents({ db: database.db, workers: 0, retryBaseMs: 1, ...options });
}

function writer(name: string, seen: StoredEvent[] = []) {
  return {
    name,
    types: ['thing.created', 'thing.renamed'],
    async handle(event: StoredEvent, { transaction }: ProcessorContext) {
      seen.push(event);
      await transaction((tx) => tx.execute(sql`insert into processed values (${event.id}, ${name})`));
    },
  };
}

describe('domain events', () => {
  it('are handled once by every processor of their type after the write commits', async () => {
    const events = eventsWith();
    const seen: StoredEvent[] = [];
    events.register(writer('a', seen));
    events.register(writer('b'));
    events.register({ name: 'other', types: ['other.thing'], handle: async () => expect.fail('not its type') });

    await database.db.transaction(async (tx) => events.record(tx, input('thing.created')));
    await events.settled();
    await events.settled();

    expect((await processed()).map((p) => p.processor).sort()).toEqual(['a', 'b']);
    expect(seen[0]).toMatchObject({
      type: 'thing.created',
      networkId: 'n1',
      actorId: 'm1',
      subject: { type: 'thing', id: 's1' },
      changes: { name: 'Thing' },
      context: null,
    });
    // The event comes with its claim: its id and time as the stored row has them.
    const [stored] = (
      (await database.db.execute(sql`select id, created_at from domain_events`)) as unknown as {
        rows: Array<{ id: unknown; created_at: unknown }>;
      }
    ).rows;
    expect(seen[0]!.id).toBe(Number(stored!.id));
    expect(seen[0]!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(seen[0]!.createdAt.getTime() - new Date(String(stored!.created_at)).getTime())).toBeLessThan(1000);
  });

  it('hand a processor that writes nothing its event, and mark it handled without a transaction of its own', async () => {
    const events = eventsWith();
    const seen: StoredEvent[] = [];
    events.register({
      name: 'reader',
      types: ['thing.created'],
      handle: async (event) => void seen.push(event),
    });
    await database.db.transaction(async (tx) =>
      events.record(tx, { ...input('thing.created'), context: { type: 'group', id: 'g1' } }),
    );
    await events.settled();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ context: { type: 'group', id: 'g1' }, changes: { name: 'Thing' } });
    const left = (await database.db.execute(sql`select count(*)::int as n from event_deliveries`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(left.rows[0]!.n).toBe(0);
  });

  it('vanish with a write that rolls back', async () => {
    const events = eventsWith();
    events.register(writer('a'));
    await expect(
      database.db.transaction(async (tx) => {
        await events.record(tx, input('thing.created'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await events.settled();
    expect(await processed()).toEqual([]);
  });

  it('retries a failing processor, undoing its writes, without holding up the others', async () => {
    const events = eventsWith();
    let tries = 0;
    events.register(writer('steady'));
    events.register({
      name: 'flaky',
      types: ['thing.created'],
      async handle(event, { transaction, attempt }) {
        tries += 1;
        await transaction(async (tx) => {
          await tx.execute(sql`insert into processed values (${event.id}, ${'flaky'})`);
          if (attempt < 3) throw new Error('not yet');
        });
      },
    });
    await database.db.transaction(async (tx) => events.record(tx, input('thing.created')));
    await events.settled();
    expect(tries).toBe(3);
    expect((await processed()).map((p) => p.processor).sort()).toEqual(['flaky', 'steady']);
  });

  it('hands events of one subject over in order, also when the first needs another try', async () => {
    const events = eventsWith();
    const order: string[] = [];
    let failedOnce = false;
    events.register({
      name: 'ordered',
      types: ['thing.created', 'thing.renamed'],
      async handle(event) {
        if (event.type === 'thing.created' && !failedOnce) {
          failedOnce = true;
          throw new Error('later');
        }
        order.push(`${event.subject.id}:${event.type}`);
      },
    });
    await database.db.transaction(async (tx) => {
      await events.record(tx, input('thing.created', 's1'), input('thing.renamed', 's1'));
      await events.record(tx, input('thing.renamed', 's2'));
    });
    await events.settled();
    expect(order.filter((o) => o.startsWith('s1'))).toEqual(['s1:thing.created', 's1:thing.renamed']);
    expect(order).toContain('s2:thing.renamed');
  });

  it('gives a delivery up after the last try, lists it for admins, and takes it up again on retry', async () => {
    const events = eventsWith({ maxAttempts: 2 });
    let broken = true;
    events.register({
      name: 'broken',
      types: ['thing.created'],
      async handle() {
        if (broken) throw new Error('the mail server is gone');
      },
    });
    await database.db.transaction(async (tx) => events.record(tx, input('thing.created')));
    await events.settled();

    const { rows, total } = await events.failures('n1', 1, 10);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      processor: 'broken',
      eventType: 'thing.created',
      subjectType: 'thing',
      subjectId: 's1',
      attempts: 2,
      lastError: 'the mail server is gone',
    });
    expect((await events.failures('another-network', 1, 10)).total).toBe(0);
    expect(await events.retry('another-network', rows[0]!.id)).toBe(false);

    broken = false;
    expect(await events.retry('n1', rows[0]!.id)).toBe(true);
    await events.settled();
    expect((await events.failures('n1', 1, 10)).total).toBe(0);
  });

  it('are handled by started workers without being asked', async () => {
    const events = eventsWith({ workers: 2, pollMs: 20 });
    events.register(writer('a'));
    events.start();
    try {
      await events.transaction((tx) => events.record(tx, input('thing.created'), input('thing.created', 's2')));
      await untilProcessed(2);
    } finally {
      await events.stop();
    }
  });

  describe('their workers', () => {
    /** The database handle of the events, counting the claims (the only statements they `execute`). */
    function countingClaims(): { db: Db; claims: () => number; reset: () => void } {
      let claims = 0;
      const db = new Proxy(withAfterCommit(database.db), {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (property !== 'execute' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            claims += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return { db, claims: () => claims, reset: () => (claims = 0) };
    }
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('look for work of other processes with one of them only while idle', async () => {
      const counted = countingClaims();
      const events = eventsWith({ db: counted.db, workers: 4, pollMs: 40 });
      events.register(writer('a'));
      events.start();
      try {
        await sleep(50);
        counted.reset();
        await sleep(400);
        // Four workers polling each would have looked about forty times.
        expect(counted.claims()).toBeLessThanOrEqual(11);
        // What another process recorded is found by that one look, and handled.
        const otherProcess = eventsWith();
        otherProcess.register(writer('a'));
        await database.db.transaction((tx) => otherProcess.record(tx, input('thing.created')));
        await untilProcessed(1);
      } finally {
        await events.stop();
      }
    });

    it('are woken after the commit of a recorded write, once, and find its delivery at once', async () => {
      const counted = countingClaims();
      // No poll within the test: only the wake can bring the delivery.
      const events = eventsWith({ db: counted.db, workers: 4, pollMs: 60_000 });
      events.register(writer('a'));
      events.start();
      try {
        await sleep(50);
        counted.reset();
        await events.transaction((tx) => events.record(tx, input('thing.created')));
        await untilProcessed(1);
        await sleep(100);
        // The claim that found it, and the one after it that found the queue empty.
        expect(counted.claims()).toBe(2);
      } finally {
        await events.stop();
      }
    });

    it('share a backlog: a write of many events keeps several of them busy', async () => {
      const events = eventsWith({ workers: 3, pollMs: 60_000, db: withAfterCommit(database.db) });
      let busy = 0;
      let mostAtOnce = 0;
      events.register({
        name: 'slow',
        types: ['thing.created'],
        async handle(event: StoredEvent, { transaction }: ProcessorContext) {
          busy += 1;
          mostAtOnce = Math.max(mostAtOnce, busy);
          await sleep(30);
          busy -= 1;
          await transaction((tx) => tx.execute(sql`insert into processed values (${event.id}, 'slow')`));
        },
      });
      events.start();
      try {
        await sleep(20);
        await database.db.transaction(async (tx) => {
          for (let i = 0; i < 6; i++) await events.record(tx, input('thing.created', `s${i}`));
        });
        await untilProcessed(6);
        expect(mostAtOnce).toBeGreaterThan(1);
      } finally {
        await events.stop();
      }
    });
  });

  it('refuses two processors of one name', () => {
    const events = eventsWith();
    events.register(writer('a'));
    expect(() => events.register(writer('a'))).toThrow(/exists already/);
  });
});
