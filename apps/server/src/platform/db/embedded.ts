import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export type EmbeddedEngine = 'postgres' | 'pglite';

export type EmbeddedDatabase = Database & {
  /** Which embedded engine runs, for the banner and the benchmarks. */
  engine: EmbeddedEngine;
  /** The embedded PostgreSQL's postmaster, when that is what runs. */
  postgresPid?: number;
};

/**
 * The database of a server without DATABASE_URL, in DATA_DIR: by default a PostgreSQL server the
 * process runs itself (DATA_DIR/postgres, see embedded-postgres.ts), stopped when the database is
 * closed; with `engine: 'pglite'` PGlite in-process (DATA_DIR/pglite). A DATA_DIR that holds a
 * PGlite database and no PostgreSQL one (made before PostgreSQL became the default) stays on
 * PGlite unless asked otherwise, so that its data does not seem to vanish.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  engine: EmbeddedEngine | undefined,
  options: { poolSize?: number; warn?: (message: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const postgresDir = path.join(dataDir, 'postgres');
  const pgliteDir = path.join(dataDir, 'pglite');
  const chosen = engine ?? (existingPglite(pgliteDir) && !fs.existsSync(postgresDir) ? 'pglite' : 'postgres');
  if (chosen === 'pglite') {
    if (!engine)
      options.warn?.(
        `${pgliteDir} holds a PGlite database, so the server stays on PGlite. ` +
          'Set EMBEDDED_DATABASE=pglite to say so, or see docs/deployment.md to move to the embedded PostgreSQL.',
      );
    return { ...(await openDatabase({ pgliteDir })), engine: 'pglite' };
  }
  const server = await startEmbeddedPostgres(postgresDir);
  try {
    const database = await openDatabase({ databaseUrl: server.url, poolSize: options.poolSize ?? 10 });
    return {
      ...database,
      engine: 'postgres',
      postgresPid: server.pid,
      close: async () => {
        try {
          await database.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

function existingPglite(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}
