import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { inject } from 'vitest';
import { createServices, type Services } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, pgliteExtensions, type Database } from '../platform/db/client.ts';
import { databaseUrlFor } from './database.ts';
import { freePort, spawnProcess, stopProcess, untilHealthy, type ServerProcess } from './processes.ts';
import { socketClients, type ConnectOptions } from './realtime.ts';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * Whether processes can share their state: on PostgreSQL and Redis both, as in CI's
 * server-postgres suite. Tests of several processes at once are skipped without them.
 */
export const POSTGRES_AND_REDIS = Boolean(adminUrl && redisUrl);

export type ProcessFixtureOptions = {
  /** Names this run's database, folder and Redis keys (lower case and dashes). */
  name: string;
  /** The processes share Redis, under keys of this run only (needs POSTGRES_AND_REDIS). */
  redis?: boolean;
  /** Environment of every process, over the fixture's own. */
  env?: Record<string, string>;
};

export type ProcessFixture = {
  /** Makes the processes' database (migrated) and seeds it, before any process opens it. */
  prepare(seed: (services: Services) => Promise<void>): Promise<void>;
  /** The processes' database, opened here: to read what they stored, once they have stopped. */
  open(): Promise<Database>;
  /** A process started and healthy, with `env` over the fixture's environment. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** `count` processes started at once, healthy. */
  startTogether(count: number): Promise<ServerProcess[]>;
  /** A Socket.IO client of `server`, closed by `stop`. */
  connect(server: ServerProcess, options: ConnectOptions): Promise<Socket>;
  /** Closes the clients, stops the processes still running, and removes database and folder. */
  stop(): Promise<void>;
};

/**
 * Server processes as deployed, on a database of their own: a new PostgreSQL database when the
 * suite runs on PostgreSQL, else PGlite in a folder of its own. All share one session secret, so
 * that the cookies and chat tokens of one process are good on the others.
 */
export function processFixture(options: ProcessFixtureOptions): ProcessFixture {
  const databaseName = `agora_${options.name.replaceAll('-', '_')}_${randomBytes(6).toString('hex')}`;
  const databaseUrl = adminUrl ? databaseUrlFor(adminUrl, databaseName) : undefined;
  const servers: ServerProcess[] = [];
  const clients = socketClients();
  let dataDir: string | undefined;
  let created = false;
  let env: Record<string, string> = {};

  const open = () => openDatabase({ databaseUrl, pgliteDir: path.join(dataDir!, 'pglite'), poolSize: 2 });

  async function adminQuery(text: string) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  }

  /**
   * The migrated database the global setup made, copied: PGlite's first start in a folder of its
   * own (initdb) takes a minute and more on a busy machine, a copy a fraction of that.
   */
  async function copyTemplate(): Promise<Database> {
    if (databaseUrl) {
      const template = inject('pgTemplate');
      await adminQuery(`CREATE DATABASE ${databaseName}${template ? ` TEMPLATE ${template}` : ''}`);
      created = true;
      return open();
    }
    const dump = inject('pgliteDump');
    if (!dump) return open();
    const pgliteDir = path.join(dataDir!, 'pglite');
    fs.mkdirSync(pgliteDir);
    const loadDataDir = new Blob([fs.readFileSync(dump)]);
    return openDatabase({
      pglite: await PGlite.create({ dataDir: pgliteDir, loadDataDir, extensions: pgliteExtensions }),
    });
  }

  async function startTogether(count: number, extra: Record<string, string> = {}) {
    if (!dataDir) throw new Error('prepare() the processes’ database before starting them');
    const started: ServerProcess[] = [];
    // Kept as soon as they exist, so that stop() ends them also when one does not start.
    for (const port of await Promise.all(Array.from({ length: count }, freePort))) {
      started.push(spawnProcess({ ...env, ...extra }, port));
    }
    servers.push(...started);
    await Promise.all(started.map(untilHealthy));
    return started;
  }

  return {
    async prepare(seed) {
      if (options.redis && !POSTGRES_AND_REDIS) throw new Error('Processes sharing Redis need PostgreSQL and Redis');
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agora-${options.name}-`));
      const database = await copyTemplate();
      try {
        await database.migrate();
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        });
        const services = createServices(database, config);
        // pg-boss makes its schema and the services' queues at its first start; two processes
        // starting at once can deadlock on that, so they are made here.
        await services.jobs.start();
        await services.jobs.stop();
        await seed(services);
        services.mailer.close();
        await services.cache.close();
      } finally {
        await database.close();
      }
      env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { EMBEDDED_DATABASE: 'pglite' }),
        // Rooms, budgets and cache messages of this run only, whatever else uses the Redis.
        ...(options.redis
          ? { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `agora-${options.name}-${randomBytes(4).toString('hex')}:` }
          : {}),
        ...options.env,
      };
    },

    open,

    async start(extra = {}) {
      const [server] = await startTogether(1, extra);
      return server!;
    },

    startTogether: (count) => startTogether(count),

    connect: (server, connectOptions) => clients.connect(server.url, connectOptions),

    async stop() {
      clients.close();
      await Promise.allSettled(servers.map(stopProcess));
      if (created) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
