import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { uploadFile } from '../storage/upload-test-support.ts';

// Small budgets refilled slowly, so that the test decides when they run out: three writes
// (one back every 100 s) and two uploads.
let t: TestApp;
let networkId: string;
beforeAll(async () => {
  t = await createTestApp({ WRITE_BURST: '3', WRITE_RATE: '0.01', UPLOAD_BURST: '2', UPLOAD_RATE: '0.01' });
  networkId = (await createNetwork(t.services)).id;
});
afterAll(async () => {
  await t.close();
});

const createCalendar = (session: Session, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/calendars',
    headers: session.headers,
    payload: { calendar: { name, color: '#336699', type: 'personal' } },
  });

async function calendarsNamed(name: string): Promise<number> {
  const rows = await t.database.db.execute(sql`select count(*)::int as n from calendars where name = ${name}`);
  return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('the write budget of a member', () => {
  it('answers the write over budget 429 with the time to wait, and does nothing', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    for (let i = 0; i < 3; i++) expect((await createCalendar(session, 'Erlaubt')).statusCode).toBe(201);

    const refused = await createCalendar(session, 'Zu viel');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(99);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(100);
    expect(await calendarsNamed('Zu viel')).toBe(0);
    expect(await calendarsNamed('Erlaubt')).toBe(3);

    // Reading goes on, and signing out always works.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: session.headers })).statusCode).toBe(
      200,
    );
    const signOut = await t.app.inject({ method: 'DELETE', url: '/users/sign_out', headers: session.headers });
    expect(signOut.statusCode).toBe(204);
  });

  it('leaves other members of the network their own budget', async () => {
    const flooder = await signedInMember(t.app, t.services, networkId);
    const other = await signedInMember(t.app, t.services, networkId);
    for (let i = 0; i < 4; i++) await createCalendar(flooder.session, 'Flut');
    expect((await createCalendar(flooder.session, 'Flut')).statusCode).toBe(429);
    expect((await createCalendar(other.session, 'Eigenes')).statusCode).toBe(201);
  });

  it('counts a member’s uploads apart from their other writes', async () => {
    const { session } = await signedInMember(t.app, t.services, networkId);
    for (let i = 0; i < 3; i++) await createCalendar(session, 'Vorher');
    expect((await createCalendar(session, 'Vorher')).statusCode).toBe(429);
    // Writes spent, uploads not: two files, then the third waits.
    for (const name of ['a.txt', 'b.txt']) {
      expect((await uploadFile(t.app, session.headers, 'files', name, 'Inhalt')).statusCode).toBe(200);
    }
    const third = await uploadFile(t.app, session.headers, 'files', 'c.txt', 'Inhalt');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: 'rate_limited' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not count requests without a member (their routes limit themselves)', async () => {
    const { user } = await signedInMember(t.app, t.services, networkId);
    for (let i = 0; i < 5; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/users/sign_in',
        headers: { host: 'localhost' },
        payload: { user: { email: user.email, password: 'wrong-password' } },
      });
      expect(answer.statusCode).toBe(401);
    }
  });
});
