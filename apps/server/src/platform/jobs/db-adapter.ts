import type { Database } from '../db/client.ts';

type Result = { rows: unknown[] };

/** What pg-boss needs of a database (its `db` option), and a way to wait for what it started. */
export type JobsDbAdapter = {
  executeSql(text: string, values?: unknown[]): Promise<Result>;
  /** Settles once no statement is running any more, also those pg-boss started without awaiting. */
  drain(): Promise<void>;
};

/**
 * pg-boss on the database the app already has open: the PostgreSQL pool, or the embedded PGlite.
 * PGlite runs one statement per `query()`; pg-boss sends its schema creation and maintenance as
 * one text of several statements without parameters, which only `exec()` takes.
 */
export function jobsDbAdapter(database: Database): JobsDbAdapter {
  const run = runnerFor(database);
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const statement = run(text, values);
      running.add(statement);
      void statement.then(
        () => running.delete(statement),
        () => running.delete(statement),
      );
      return statement;
    },
    async drain() {
      // A settled statement can start the next (pg-boss completes a job after its handler), so
      // look again after a turn of the event loop until nothing is left.
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

function runnerFor(database: Database): (text: string, values?: unknown[]) => Promise<Result> {
  const { pool, pglite } = database;
  if (pool) return (text, values) => pool.query(text, values);
  if (!pglite) throw new Error('The job queue needs PostgreSQL or PGlite');
  return async (text, values) => {
    if (values && values.length > 0) return pglite.query(text, values);
    const results = await pglite.exec(text);
    // pg answers a text of several statements with the result of each; one statement with its own.
    return (results.length === 1 ? results[0] : results.at(-1)) ?? { rows: [] };
  };
}
