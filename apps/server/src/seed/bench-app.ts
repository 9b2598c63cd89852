import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';

/** Runs one statement as the server's administrator (creating and dropping scratch databases). */
export async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type ScratchDatabase = { database: Database; scratch: string; close(): Promise<void> };

/**
 * A fresh, migrated database for one benchmark: PGlite in a temporary folder, or a new database
 * on the PostgreSQL server `databaseUrl` names; `close` removes it again.
 */
export async function openScratchDatabase(label: string, databaseUrl?: string): Promise<ScratchDatabase> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `agora-bench-${label}-`));
  const name = `agora_bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  let url: string | undefined;
  if (databaseUrl) {
    await admin(databaseUrl, `CREATE DATABASE ${name}`);
    const own = new URL(databaseUrl);
    own.pathname = `/${name}`;
    url = own.toString();
  }
  const database = await openDatabase({ databaseUrl: url, pgliteDir: path.join(scratch, 'pglite'), poolSize: 8 });
  await database.migrate();
  return {
    database,
    scratch,
    async close() {
      await database.close();
      if (databaseUrl) await admin(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export type BenchApp = ScratchDatabase & { app: FastifyInstance };

/** The server as deployed (without write limits) on a scratch database; `close` stops it and removes the database. */
export async function openBenchApp(label: string, databaseUrl?: string): Promise<BenchApp> {
  const scratch = await openScratchDatabase(label, databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: scratch.scratch,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: `bench-${label}-secret-`.padEnd(40, '0'),
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    WRITE_BURST: '1000000',
    WRITE_RATE: '1000000',
    LINK_PREVIEWS: 'off',
  });
  const app = await buildApp(config, scratch.database);
  try {
    await app.ready();
  } catch (error) {
    await scratch.close();
    throw error;
  }
  return {
    ...scratch,
    app,
    async close() {
      await app.close();
      await scratch.close();
    },
  };
}
