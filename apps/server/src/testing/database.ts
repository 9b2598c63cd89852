import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database } from '../platform/db/client.ts';
import { rememberTemplate, resetToTemplate } from './template-reset.ts';

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A test file's database is named after its run's template, so that a run sweeps only its own
 * leftovers and never the databases of another run on the same server.
 */
export function testDatabaseName(template: string, suffix: string): string {
  return `${template.replace('agora_tmpl_', 'agora_test_')}_${suffix}`;
}

export type TestDatabaseOptions = {
  /** PostgreSQL: the URL the app's pool connects to instead (a proxy in front, to cut the connection). */
  connectVia?: (url: string) => string;
};

/**
 * A fresh database for one test file, copied from the migrated template: a new PostgreSQL
 * database (dropped on close) when DATABASE_URL is set, else a PGlite loaded from the dump.
 */
export async function openTestDatabase(
  source: { pgTemplate: string | null; pgliteDump: string | null },
  options: TestDatabaseOptions = {},
): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl && source.pgTemplate) {
    const name = testDatabaseName(source.pgTemplate, randomBytes(6).toString('hex'));
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.pgTemplate}`);
    } finally {
      await admin.end();
    }
    const url = databaseUrlFor(baseUrl, name);
    const database = await openDatabase({ databaseUrl: options.connectVia?.(url) ?? url, poolSize: 4 });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  if (!source.pgliteDump) throw new Error('No test database template: is the global setup configured?');
  return openPooledPglite(source.pgliteDump);
}

/**
 * Starting a PGlite from the dump costs about 1.5 s of CPU, most of a small file's set-up. A worker
 * runs many files (isolate: false), so it keeps the PGlites its files closed and hands them out
 * again, each reset to the template's contents first (`template-reset.ts`). A file gets a lease:
 * after it closes, anything still holding the lease (a promise the file left running) finds a
 * closed database, as before, and never reaches the next file's data.
 */
const idlePglites: PGlite[] = [];

async function openPooledPglite(dump: string): Promise<Database> {
  let pglite = idlePglites.pop();
  if (!pglite) {
    pglite = await PGlite.create({
      loadDataDir: pgliteDumpOf(dump),
      fsBundle: pgliteFsBundle(),
      extensions: pgliteExtensions,
    });
    await rememberTemplate(pglite);
  }
  const lease = leaseOf(pglite);
  const database = await openDatabase({ pglite: lease.client });
  return {
    ...database,
    async close() {
      if (!lease.release()) return;
      if (pglite.closed) return;
      try {
        await resetToTemplate(pglite);
        idlePglites.push(pglite);
      } catch {
        // A database a test left broken is not handed out again.
        await pglite.close().catch(() => undefined);
      }
    },
  };
}

/** The PGlite as one file sees it: closed for good once the file closes it. */
function leaseOf(pglite: PGlite): { client: PGlite; release(): boolean } {
  let released = false;
  const client = new Proxy(pglite, {
    get(target, property) {
      if (property === 'closed') return released || target.closed;
      if (property === 'close') {
        return async () => {
          released = true;
          await target.close();
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (released) return Promise.reject(new Error('PGlite is closed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client,
    release() {
      if (released) return false;
      released = true;
      return true;
    },
  };
}

// A worker runs many files (isolate: false): the dump (45 MB) and PGlite's own file system
// bundle (6 MB) are read once per process, not once per file. PGlite only reads them.
const dumps = new Map<string, Blob>();
function pgliteDumpOf(file: string): Blob {
  let dump = dumps.get(file);
  if (!dump) {
    dump = new Blob([fs.readFileSync(file)]);
    dumps.set(file, dump);
  }
  return dump;
}

let fsBundle: Blob | undefined;
function pgliteFsBundle(): Blob {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  fsBundle ??= new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]);
  return fsBundle;
}
