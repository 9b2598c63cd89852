import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The Drizzle database every repository works with; a transaction has the same shape. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/**
 * The contrib extensions the migrations create (pg_trgm for name search, btree_gist for the
 * meeting rooms' no-overlap constraint). PGlite loads an
 * extension's files only when asked, so every PGlite, also one loaded from a dump, needs these.
 */
export const pgliteExtensions = { pg_trgm, btree_gist };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, when that is what runs (tests clone it). */
  pglite?: PGlite;
  /** The connection pool, when PostgreSQL runs (the job queue shares it). */
  pool?: pg.Pool;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; in memory when absent. */
  pgliteDir?: string | undefined;
  /** An already opened PGlite (tests pass a clone of a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database host that does not answer at all fails the request (503) instead of holding
      // it for the minutes a TCP connect can take.
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection that breaks (a database restart, say) is replaced by the pool; without
    // a listener its error would end the process.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
    pglite = await PGlite.create({ dataDir: options.pgliteDir ?? 'memory://', extensions: pgliteExtensions });
  }
  const client = pglite;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // Closing twice (a shutdown after the engine was already closed) is no error.
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** The committed drizzle-kit migrations, found both from src/ and from the built dist/. */
export function findMigrationsFolder(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder apps/server/drizzle not found');
}
