import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../platform/db/client.ts';
import { eventDeliveries } from '../../platform/events/tables.ts';
import { mailOutbox } from '../../platform/mail/tables.ts';
import { createMember, createNetwork, databaseUrlFor } from '../../testing/index.ts';
import {
  freePort,
  killProcess,
  signIn,
  spawnProcess,
  stopProcess,
  untilHealthy,
  type ServerProcess,
} from '../../testing/processes.ts';
import { appointmentBody, networkCalendarId } from './test-support.ts';

// On PostgreSQL when the suite runs there, else on an embedded database in a folder of its own.
const adminUrl = process.env.DATABASE_URL;

describe('side effects of a write survive a crash between its commit and its processors', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-crash-'));
  const databaseName = `agora_crash_${randomBytes(6).toString('hex')}`;
  const databaseUrl = adminUrl ? databaseUrlFor(adminUrl, databaseName) : undefined;
  const servers: ServerProcess[] = [];
  let anna: { email: string };
  let ben: { id: string; email: string };
  let calendarId: string;

  const open = () => openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite'), poolSize: 2 });

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

  beforeAll(async () => {
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
    }
    // Prepared here, before any server process opens the database.
    const database = await open();
    try {
      await database.migrate();
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const services = createServices(database, config);
      const { jobs, mailer } = services;
      await jobs.start();
      await jobs.stop();
      const network = await createNetwork(services);
      const a = await createMember(services, network.id, { firstName: 'Anna', lastName: 'Organiser', admin: true });
      const b = await createMember(services, network.id, { firstName: 'Ben', lastName: 'Invitee' });
      await services.events.settled();
      anna = { email: a.user.email };
      ben = { id: b.membership.id, email: b.user.email };
      calendarId = await networkCalendarId(services, services.members.actorFor(a.membership, 'test', null));
      mailer.close();
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    await Promise.allSettled(servers.map(stopProcess));
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = spawnProcess(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'crash-test-secret-crash-test-secret-0000',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      },
      await freePort(),
    );
    servers.push(server);
    await untilHealthy(server);
    return server;
  }

  it('notifies and mails the invitee exactly once after a restart', { timeout: 180_000 }, async () => {
    // A process that records events but leaves them to others: killed, it has run no processor.
    const first = await start({ EVENT_WORKERS: '0' });
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

    let database = await open();
    try {
      // Committed: the invite's event waits; nobody has been told yet.
      expect(await sideEffects(database)).toMatchObject({ notifications: 0, mails: 0 });
      expect((await sideEffects(database)).deliveries).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    const second = await start();
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

    database = await open();
    try {
      expect(await sideEffects(database)).toEqual({ notifications: 1, mails: 1, deliveries: 0 });
    } finally {
      await database.close();
    }
  });
});
