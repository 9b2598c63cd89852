import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type Services } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { openEmbeddedDatabase } from '../platform/db/embedded.ts';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.ts';
import { seedDemo } from './demo.ts';

export type DemoServer = { url: string; services: Services; close(): Promise<void> };

/**
 * The migrated and seeded demo network of an end-to-end run, made once: a database in an
 * embedded PostgreSQL (the server's own engine) that each test file copies, and the files the
 * seed stored (profile pictures), copied along.
 */
export type DemoTemplate = { databaseUrl: string; storageDir: string };

/**
 * Makes the demo template in an embedded PostgreSQL of its own, which runs until `stop()`.
 * The seeding app is never made ready: the events and jobs the seed queued stay queued in the
 * template, for each copy's server to process as a server that seeded itself would.
 */
export async function createDemoTemplate(
  env: Record<string, string>,
): Promise<{ template: DemoTemplate; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-template-'));
  const server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase({ databaseUrl: server.url, poolSize: 4 });
    try {
      await database.migrate();
      const app = await buildApp(loadConfig({ ...env, DATA_DIR: dataDir }), database);
      await seedDemo(app.services);
      await app.close();
    } finally {
      await database.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { template: { databaseUrl: server.url, storageDir: path.join(dataDir, 'storage') }, stop };
}

/** A database of its own copied from the template (CREATE DATABASE … TEMPLATE), dropped on close. */
async function copyDemoTemplate(template: DemoTemplate, dataDir: string): Promise<Database> {
  const source = new URL(template.databaseUrl);
  const name = `agora_e2e_${randomBytes(6).toString('hex')}`;
  const admin = (database: string) => {
    const url = new URL(source);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin('postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE ${name} TEMPLATE ${source.pathname.slice(1)}`);
  if (fs.existsSync(template.storageDir))
    fs.cpSync(template.storageDir, path.join(dataDir, 'storage'), { recursive: true });
  const database = await openDatabase({ databaseUrl: admin(name), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * For the end-to-end tests that must act on the server as one of its modules would (a
 * notification made server-side, say): the demo network in this process, listening on the
 * given port. With a template, on a copy of it; else on its own embedded database (as
 * `npm start` makes it), migrated and seeded here.
 */
export async function startDemoServer(env: Record<string, string>, template?: DemoTemplate): Promise<DemoServer> {
  const config = loadConfig(env);
  const database = template
    ? await copyDemoTemplate(template, config.dataDir)
    : await openEmbeddedDatabase(config.dataDir, config.embeddedDatabase);
  if (!template) await database.migrate();
  const app = await buildApp(config, database);
  if (!template) await seedDemo(app.services);
  await app.listen({ port: config.port, host: config.host });
  return {
    url: config.publicUrl,
    services: app.services,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A PNG of random noise: it compresses badly, so its upload takes long enough to watch. */
export async function noisePng(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
}

/** The entries of a zip archive (the browser tests check downloaded archives). */
export { unzip } from '../platform/storage/test-support.ts';
