import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { createJobs } from '../platform/jobs/jobs.ts';
import { createMailer } from '../platform/mail/mailer.ts';
import { databaseUrlFor, testDatabaseName } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file copies. */
    pgTemplate: string | null;
    /** PGlite: a dump of a migrated database each test file loads. */
    pgliteDump: string | null;
  }
}

/** Migrates once per run; each test file then starts from a copy (see database.ts). */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = `agora_tmpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, template), poolSize: 1 });
    await database.migrate();
    await prepareJobs(database);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', null);
    return async () => {
      // Test files drop their own databases; this sweeps any a crashed file left behind.
      const left = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${testDatabaseName(template, '%')}`, template],
      );
      for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await prepareJobs(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agora-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/**
 * pg-boss creates its schema and each queue at start when they are missing (~150 ms on PGlite);
 * doing it once here puts them in the template, so that each test file's start only checks.
 */
async function prepareJobs(database: Database) {
  const jobs = createJobs({ database });
  createMailer({ db: database.db, jobs, from: 'template', mailImprint: async () => '' });
  await jobs.start();
  await jobs.stop();
}
