import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import { eventDeliveries } from '../../platform/events/tables.ts';
import { mailOutbox } from '../../platform/mail/tables.ts';
import { createMember, createNetwork } from '../../testing/index.ts';
import { processFixture } from '../../testing/process-fixture.ts';
import { killProcess, signIn, stopProcess } from '../../testing/processes.ts';
import { appointmentBody, networkCalendarId } from './test-support.ts';

// On PostgreSQL when the suite runs there, else on an embedded database in a folder of its own.
describe('side effects of a write survive a crash between its commit and its processors', () => {
  const processes = processFixture({ name: 'crash' });
  let anna: { email: string };
  let ben: { id: string; email: string };
  let calendarId: string;

  /** What the database holds of the side effects for Ben, read with the servers stopped. */
  async function sideEffects(database: Database) {
    // Another module's table: read as plain SQL, as its rows are what the member sees.
    const notified = (
      (await database.db.execute(
        sql`select count(*)::int as n from notifications where recipient_id = ${ben.id} and type = 'appointment_invite'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0];
    const [mailed] = await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, ben.email));
    const [pending] = await database.db.select({ n: count() }).from(eventDeliveries);
    return { notifications: notified!.n, mails: mailed!.n, deliveries: pending!.n };
  }

  beforeAll(() =>
    processes.prepare(async (services) => {
      const network = await createNetwork(services);
      const a = await createMember(services, network.id, { firstName: 'Anna', lastName: 'Organiser', admin: true });
      const b = await createMember(services, network.id, { firstName: 'Ben', lastName: 'Invitee' });
      await services.events.settled();
      anna = { email: a.user.email };
      ben = { id: b.membership.id, email: b.user.email };
      calendarId = await networkCalendarId(services, services.members.actorFor(a.membership, 'test', null));
    }),
  );

  afterAll(() => processes.stop());

  it('notifies and mails the invitee exactly once after a restart', { timeout: 180_000 }, async () => {
    // A process that records events but leaves them to others: killed, it has run no processor.
    const first = await processes.start({ EVENT_WORKERS: '0' });
    const session = await signIn(first.url, anna.email);
    const headers = {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      accept: 'application/json',
      'content-type': 'application/json',
    };
    const created = await fetch(`${first.url}/appointments`, {
      method: 'POST',
      headers,
      body: JSON.stringify(appointmentBody([calendarId], { name: 'Crash course' })),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const added = await fetch(`${first.url}/appointments/${id}/participants`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ participant: { membership_ids: [ben.id], send_email_notification: true } }),
    });
    expect(await added.json()).toEqual({ added: 1, queued: false });
    await killProcess(first);

    let database = await processes.open();
    try {
      // Committed: the invite's event waits; nobody has been told yet.
      expect(await sideEffects(database)).toMatchObject({ notifications: 0, mails: 0 });
      expect((await sideEffects(database)).deliveries).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    const second = await processes.start();
    const benSession = await signIn(second.url, ben.email);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const listed = await fetch(`${second.url}/api/v1/notifications`, {
        headers: { cookie: benSession.cookie, accept: 'application/json' },
      });
      const { notifications: seen } = (await listed.json()) as { notifications: Array<{ type: string }> };
      if (seen.some((n) => n.type === 'appointment_invite')) break;
      if (Date.now() > deadline)
        throw new Error(`No invite notification after the restart:\n${second.output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The mail job was stored with the notification; its worker puts it into the outbox.
    const adminSession = await signIn(second.url, anna.email);
    for (;;) {
      const mails = await fetch(`${second.url}/api/v1/administration/mails`, {
        headers: { cookie: adminSession.cookie, accept: 'application/json' },
      });
      const page = (await mails.json()) as { mails: Array<{ to: string }> };
      if (page.mails.some((m) => m.to === ben.email)) break;
      if (Date.now() > deadline) throw new Error(`No invite mail after the restart:\n${second.output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await stopProcess(second);

    database = await processes.open();
    try {
      expect(await sideEffects(database)).toEqual({ notifications: 1, mails: 1, deliveries: 0 });
    } finally {
      await database.close();
    }
  });
});
