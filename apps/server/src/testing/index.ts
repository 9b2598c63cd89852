import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Services } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../platform/db/client.ts';
import { openTestDatabase, type TestDatabaseOptions } from './database.ts';

export { databaseUrlFor } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** A server on a fresh database of its own, for one test file. */
export async function createTestApp(
  env: Record<string, string> = {},
  databaseOptions: TestDatabaseOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase(
    { pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') },
    databaseOptions,
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Each test app counts its own rate limits, also when the suite runs against a shared Redis.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    REDIS_KEY_PREFIX: `agora-test:${randomUUID()}:`,
    // Tests reach no other host; the link preview tests fetch from a server of their own.
    LINK_PREVIEWS: 'off',
    ...env,
  });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    services: app.services,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export * from './factories.ts';
export * from './realtime.ts';
