import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../platform/db/client.ts';
import { createMember, databaseUrlFor } from '../../testing/index.ts';
import {
  freePort,
  signIn,
  spawnProcess,
  stopProcess,
  untilHealthy,
  type ServerProcess,
} from '../../testing/processes.ts';

// Two server processes on one PostgreSQL database, their caches kept true through Redis alone.
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!adminUrl || !redisUrl)('cached sessions and networks across two server processes', () => {
  const databaseName = `agora_cache_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-cache-'));
  const servers: ServerProcess[] = [];
  let admin: { email: string };
  let member: { id: string; email: string };

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${databaseName}`);
    await client.end();
    const databaseUrl = databaseUrlFor(adminUrl!, databaseName);
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      await database.migrate();
      const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
      const services = createServices(database, config);
      // pg-boss makes its schema at the first start; two processes at once can deadlock on it.
      await services.jobs.start();
      await services.jobs.stop();
      const network = await services.networks.create({ name: 'Two caches', language: 'en' });
      admin = (await createMember(services, network.id, { admin: true })).user;
      const m = await createMember(services, network.id);
      member = { id: m.membership.id, email: m.user.email };
      services.mailer.close();
      await services.cache.close();
    } finally {
      await database.close();
    }
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `agora-cache-${randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    };
    for (const port of await Promise.all([freePort(), freePort()])) servers.push(spawnProcess(env, port));
    await Promise.all(servers.map(untilHealthy));
  });

  afterAll(async () => {
    await Promise.allSettled(servers.map(stopProcess));
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (server: ServerProcess, route: string, cookie: string) =>
    fetch(`${server.url}${route}`, { headers: { cookie, accept: 'application/json' } });

  /** What the other process answers once the message reached it (a moment, not a TTL). */
  async function eventually(request: () => Promise<Response>, expected: (r: Response) => Promise<boolean>) {
    const deadline = Date.now() + 3000;
    for (;;) {
      const response = await request();
      if ((await expected(response)) || Date.now() > deadline) return response;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('shows a renamed network, and ends the session of a locked member, on the other process too', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const boss = await signIn(one.url, admin.email);
    const them = await signIn(one.url, member.email);
    // Both processes cache the session and the network.
    expect((await get(two, '/api/v1/session', them.cookie)).status).toBe(200);
    expect(((await (await get(two, '/api/v1/network', them.cookie)).json()) as { name: string }).name).toBe(
      'Two caches',
    );

    const renamed = await fetch(`${one.url}/administration/settings`, {
      method: 'PUT',
      headers: { cookie: boss.cookie, 'x-csrf-token': boss.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { name: 'Renamed twice' } }),
    });
    expect(renamed.status).toBe(200);
    const shell = await eventually(
      () => get(two, '/api/v1/network', them.cookie),
      async (r) => ((await r.clone().json()) as { name: string }).name === 'Renamed twice',
    );
    expect(((await shell.json()) as { name: string }).name).toBe('Renamed twice');

    const locked = await fetch(`${one.url}/administration/members/${member.id}/lock`, {
      method: 'POST',
      headers: { cookie: boss.cookie, 'x-csrf-token': boss.csrf },
    });
    expect(locked.status).toBe(200);
    const after = await eventually(
      () => get(two, '/api/v1/session', them.cookie),
      async (r) => r.status === 204,
    );
    expect(after.status).toBe(204);
    expect((await get(two, '/api/v1/network', them.cookie)).status).toBe(401);
  });
});
