import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFailuresPage } from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Record<string, string>;
let member: Record<string, string>;
let otherAdmin: Record<string, string>;
let failing = true;

const FAILURES = '/api/v1/administration/event_failures';

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Failures Network' })).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session.headers;
  member = (await signedInMember(t.app, t.services, networkId)).session.headers;
  const other = await createNetwork(t.services, { name: 'Other Network', host: 'other.test' });
  otherAdmin = (await signedInMember(t.app, t.services, other.id, { admin: true }, 'other.test')).session.headers;
  t.services.events.register({
    name: 'test-flaky',
    types: ['test.poked'],
    async handle() {
      if (failing) throw new Error('the printer is on fire');
    },
  });
});
afterAll(() => t.close());

/** Runs the deliveries, skipping the waits between tries, until nothing is pending. */
async function untilSettled() {
  for (let round = 0; round < 20; round++) {
    await t.services.events.settled();
    const pending = (await t.database.db.execute(
      sql`update event_deliveries set next_attempt_at = now() where status = 'pending' returning id`,
    )) as unknown as { rows: unknown[] };
    if (pending.rows.length === 0) return;
  }
  throw new Error('deliveries still pending');
}

const failures = async (headers = admin) => {
  const response = await t.app.inject({ url: FAILURES, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventFailuresPage>();
};

describe('failed event deliveries', () => {
  it('are listed for network admins once a processor gave up', async () => {
    expect((await failures()).total).toBe(0);
    await t.services.events.transaction((tx) =>
      t.services.events.record(tx, {
        networkId,
        type: 'test.poked',
        subject: { type: 'thing', id: 'thing-1' },
      }),
    );
    await untilSettled();
    const page = await failures();
    expect(page.total).toBe(1);
    expect(page.failures[0]).toMatchObject({
      processor: 'test-flaky',
      event_type: 'test.poked',
      subject: { type: 'thing', id: 'thing-1' },
      last_error: 'the printer is on fire',
      created_at: expect.any(String),
    });
    expect(page.failures[0]!.attempts).toBeGreaterThan(1);
    expect((await failures(otherAdmin)).total).toBe(0);
  });

  it('are for network admins only', async () => {
    expect((await t.app.inject({ url: FAILURES, headers: { accept: 'application/json' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: FAILURES, headers: member })).statusCode).toBe(403);
    const [failure] = (await failures()).failures;
    const retry = await t.app.inject({ method: 'POST', url: `${FAILURES}/${failure!.id}/retry`, headers: member });
    expect(retry.statusCode).toBe(403);
    expect((await t.app.inject({ url: `${FAILURES}?page=0`, headers: admin })).statusCode).toBe(422);
  });

  it('answer 404 to a retry of an unknown or another network’s delivery', async () => {
    const [failure] = (await failures()).failures;
    for (const [id, headers] of [
      [failure!.id, otherAdmin],
      ['999999999', admin],
      ['abc', admin],
      ['1e3', admin],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `${FAILURES}/${id}/retry`, headers });
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect((await failures()).total).toBe(1);
  });

  it('are handled again on retry, and gone once handled', async () => {
    failing = false;
    const [failure] = (await failures()).failures;
    const retry = await t.app.inject({ method: 'POST', url: `${FAILURES}/${failure!.id}/retry`, headers: admin });
    expect(retry.statusCode).toBe(204);
    await untilSettled();
    expect((await failures()).total).toBe(0);
    const again = await t.app.inject({ method: 'POST', url: `${FAILURES}/${failure!.id}/retry`, headers: admin });
    expect(again.statusCode).toBe(404);
  });
});
