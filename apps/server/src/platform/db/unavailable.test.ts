import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createMember, createNetwork, createTestApp, signIn, type TestApp } from '../../testing/index.ts';
import { registerHealthCheck } from '../http/health.ts';
import { isServiceUnavailable } from './unavailable.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('isServiceUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows the errors of a database that cannot be reached, also wrapped by the query builder', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '53300', '08006', '08001']) {
      expect(isServiceUnavailable(withCode(code)), code).toBe(true);
      expect(isServiceUnavailable(new Error('Failed query: select 1', { cause: withCode(code) })), code).toBe(true);
    }
    for (const message of [
      'timeout exceeded when trying to connect',
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
      'PGlite is closed',
    ]) {
      expect(isServiceUnavailable(new Error(message)), message).toBe(true);
    }
    // Connecting to localhost tries ::1 and 127.0.0.1 and gives up with both errors.
    expect(isServiceUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves the errors of a statement to be what they are', () => {
    for (const code of ['23505', '22P02', '42P01', '40001', '22021']) {
      expect(isServiceUnavailable(withCode(code)), code).toBe(false);
    }
    expect(isServiceUnavailable(new Error('database down'))).toBe(false);
    expect(isServiceUnavailable(null)).toBe(false);
    expect(isServiceUnavailable('ECONNREFUSED')).toBe(false);
    // A cycle of causes ends.
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(isServiceUnavailable(a)).toBe(false);
  });
});

/** A TCP proxy in front of PostgreSQL that can be cut (refusing connections, dropping those open) and opened again. */
async function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    via: (url: string) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    open,
  };
}

/** Asks until the answer has this status (the pool and the workers reconnect on their own). */
async function eventually(ask: () => Promise<number>, status: number, ms = 15_000): Promise<number> {
  const until = Date.now() + ms;
  let last = await ask();
  while (last !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await ask();
  }
  return last;
}

describe('while the database is down', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(!onPostgres)(
    'answers 503 with Retry-After, /healthz says what is down, and all works again once it is back',
    async () => {
      const proxy = await databaseProxy(new URL(process.env.DATABASE_URL!));
      t = await createTestApp({}, { connectVia: proxy.via });
      const app = t.app;
      const network = await createNetwork(t.services);
      const { user } = await createMember(t.services, network.id);
      const session = await signIn(app, user.email);
      const sessionStatus = async () =>
        (await app.inject({ url: '/api/v1/session', headers: session.headers })).statusCode;

      const healthy = await app.inject({ url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({
        status: 'ok',
        database: 'ok',
        redis: process.env.REDIS_URL ? 'ok' : 'not_configured',
      });

      await proxy.cut();
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });

      const api = await app.inject({ url: '/api/v1/session', headers: session.headers });
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.json()).toEqual({ error: 'service_unavailable' });
      const anonymous = await app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { user: { email: user.email, password: 'whatever-it-is' } },
      });
      expect(anonymous.statusCode).toBe(503);
      const page = await app.inject({ url: '/members', headers: { accept: 'text/html', cookie: session.cookie } });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('http-equiv="refresh"');

      await proxy.open();
      expect(await eventually(async () => (await app.inject({ url: '/healthz' })).statusCode, 200)).toBe(200);
      expect(await eventually(sessionStatus, 200)).toBe(200);
    },
    60_000,
  );

  it('says so on /healthz when Redis does not answer', async () => {
    t = await createTestApp();
    // Nothing listens on port 1.
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => {});
    const app = Fastify();
    registerHealthCheck(app, { database: t.database, redis });
    try {
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'down' });
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it.skipIf(onPostgres)('answers 503 once the embedded database is closed', async () => {
    t = await createTestApp();
    const network = await createNetwork(t.services);
    const { user } = await createMember(t.services, network.id);
    const session = await signIn(t.app, user.email);
    // Workers first, as a shutdown stops them, so that nothing else uses the closed database.
    await t.services.events.stop();
    await t.services.jobs.stop();
    await t.database.pglite!.close();
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    const api = await t.app.inject({ url: '/api/v1/session', headers: session.headers });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toEqual({ error: 'service_unavailable' });
  });
});
