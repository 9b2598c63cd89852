import type { Db } from './client.ts';

type Result = { rows: unknown[] };

/**
 * Plain SQL with positional parameters on the connection of a Drizzle transaction, for libraries
 * that take an `executeSql` adapter (pg-boss), so that what they write commits with the caller.
 * Both drivers keep their client (pg's PoolClient, PGlite's transaction) on the session.
 */
export function sqlExecutor(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<Result> } {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('This database handle has no SQL client');
  const query = client.query as (text: string, values?: unknown[]) => Promise<Result>;
  return { executeSql: (text, values) => query.call(client, text, values ?? []) };
}
