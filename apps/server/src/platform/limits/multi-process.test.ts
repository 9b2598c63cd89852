import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck, ChatToken } from '@agora/contracts';
import { createServices } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../db/client.ts';
import { connectSocket, createMember, databaseUrlFor, emitWithAck } from '../../testing/index.ts';
import {
  freePort,
  signIn,
  spawnProcess,
  stopProcess,
  untilHealthy,
  type ServerProcess,
} from '../../testing/processes.ts';

// As in CI's server-postgres suite: PostgreSQL and Redis both, or nothing to run.
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

type Member = { id: string; email: string };

describe.skipIf(!adminUrl || !redisUrl)('budgets shared by two server processes through Redis', () => {
  const databaseName = `agora_budget_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-budget-'));
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];
  let anna: Member;
  let ben: Member;
  let clara: Member;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const databaseUrl = databaseUrlFor(adminUrl!, databaseName);

    // Migrated and seeded before the processes start: two migrating at once would race.
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      await database.migrate();
      const services = createServices(
        database,
        loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      );
      // pg-boss makes its schema at the first start; two processes at once can deadlock on it.
      await services.jobs.start();
      await services.jobs.stop();
      const network = await services.networks.create({ name: 'Shared budgets', language: 'en' });
      const member = async (firstName: string) => {
        const made = await createMember(services, network.id, { firstName, lastName: 'Budget' });
        return { id: made.membership.id, email: made.user.email };
      };
      anna = await member('Anna');
      ben = await member('Ben');
      clara = await member('Clara');
      services.mailer.close();
    } finally {
      await database.close();
    }

    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `agora-budget-${randomBytes(4).toString('hex')}:`,
      // Cookies and chat tokens of one process are good on the other.
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
      // Small budgets that hardly refill while the test runs.
      SOCKET_EVENT_BURST: '6',
      SOCKET_EVENT_RATE: '0.01',
      WRITE_BURST: '3',
      WRITE_RATE: '0.01',
    };
    for (const port of await Promise.all([freePort(), freePort()])) servers.push(spawnProcess(env, port));
    await Promise.all(servers.map(untilHealthy));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled(servers.map(stopProcess));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const chatToken = async (url: string, session: { cookie: string; csrf: string }) =>
    fetch(`${url}/api/v1/chat_token`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, accept: 'application/json' },
    });
  // A write that draws from the budget (asking for chat credentials does not): the member's language.
  const write = async (url: string, session: { cookie: string; csrf: string }, member: Member) =>
    fetch(`${url}/members/${member.id}/locale_settings`, {
      method: 'PUT',
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ locale_settings: { locale: 'de' } }),
    });

  async function connect(server: ServerProcess, options: Parameters<typeof connectSocket>[1]) {
    const socket = await connectSocket(server.url, options);
    sockets.push(socket);
    return socket;
  }

  it('counts a member’s socket events on both processes in one budget', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(one.url, anna.email);
    const tokenAnswer = await chatToken(one.url, session);
    const { token } = (await tokenAnswer.json()) as ChatToken;
    const onOne = await connect(one, { cookie: session.cookie });
    const onTwo = await connect(two, { token });

    const ask = (socket: Socket) => emitWithAck<ChatAck<unknown>>(socket, 'my_profile', {});
    const answers = [];
    for (const socket of [onOne, onTwo, onOne, onTwo, onOne, onTwo]) answers.push(await ask(socket));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, true]);
    for (const socket of [onTwo, onOne]) {
      const refused = await ask(socket);
      expect(refused).toMatchObject({ ok: false, error: { key: 'too_many_requests', status: 429 } });
      if (!refused.ok) expect(refused.error.details?.retry_after).toBeGreaterThan(90);
    }

    // Another member of the network, on the same process, has a budget of their own.
    const claraSession = await signIn(two.url, clara.email);
    const claraSocket = await connect(two, { cookie: claraSession.cookie });
    expect((await ask(claraSocket)).ok).toBe(true);
  });

  it('counts a member’s writes on both processes in one budget', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(one.url, ben.email);
    const statuses = [];
    for (const server of [one, two, one]) statuses.push((await write(server.url, session, ben)).status);
    expect(statuses).toEqual([200, 200, 200]);
    for (const server of [two, one]) {
      const refused = await write(server.url, session, ben);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(90);
    }
    const other = await signIn(two.url, clara.email);
    expect((await write(two.url, other, clara)).status).toBe(200);
  });
});
