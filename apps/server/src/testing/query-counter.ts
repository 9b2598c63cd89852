import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../platform/db/client.ts';

/** The statements one piece of work sent, in order. */
export type QueryCount = { count: number; statements: string[] };

type Recorder = { statements: string[] };
type AnyFunction = (...args: unknown[]) => unknown;
type Queryable = Record<string, unknown>;

const recording = new AsyncLocalStorage<Recorder>();
const wrapped = new WeakSet<object>();

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : String(query);
}

/** Records the statement in the work that is running now, if any. */
function record(query: unknown): void {
  recording.getStore()?.statements.push(textOf(query));
}

/**
 * Counts each call of the methods into the work running at the call, or into `into` (a handle
 * that belongs to one piece of work: a transaction, a checked-out client).
 */
function wrapMethods(target: Queryable, names: string[], into?: Recorder): void {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = function (this: unknown, query: unknown, ...rest: unknown[]) {
      if (into) into.statements.push(textOf(query));
      else record(query);
      return (original as AnyFunction).call(this, query, ...rest);
    };
  }
}

/**
 * PGlite: `query` and `exec` of the engine, and those of the handle a transaction's callback gets
 * (its statements do not go through the engine's own methods).
 */
function wrapPglite(pglite: Queryable): void {
  wrapMethods(pglite, ['query', 'exec']);
  const transaction = pglite.transaction;
  if (typeof transaction !== 'function') return;
  pglite.transaction = function (this: unknown, callback: (tx: Queryable) => unknown) {
    const recorder = recording.getStore();
    if (!recorder) return (transaction as AnyFunction).call(this, callback);
    recorder.statements.push('BEGIN');
    return (transaction as AnyFunction).call(this, (tx: Queryable) => {
      wrapMethods(tx, ['query', 'exec', 'sql'], recorder);
      return callback(tx);
    });
  };
}

/**
 * node-postgres: the pool's `query` (a statement outside transactions), and `query` of each client
 * the work checks out (`await pool.connect()`, as Drizzle does for a transaction). The pool's own
 * check-out for `pool.query` passes a callback and is left alone, so no statement counts twice.
 */
function wrapPool(pool: Queryable): void {
  wrapMethods(pool, ['query']);
  const connect = pool.connect as AnyFunction;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (args.length > 0) return connect.apply(this, args);
    const recorder = recording.getStore();
    return (connect.call(this) as Promise<Queryable>).then((client) => {
      if (!recorder) return client;
      const query = client.query;
      const release = client.release as AnyFunction;
      wrapMethods(client, ['query'], recorder);
      client.release = function (this: unknown, ...rest: unknown[]) {
        client.query = query;
        client.release = release;
        return release.apply(this, rest);
      };
      return client;
    });
  };
}

/**
 * Counts the SQL statements `work` causes: every statement sent to the database from the async
 * context of `work` (the request `app.inject` makes, the service calls it runs), by any module or
 * the platform, inside transactions too. What the background workers (event deliveries, the job
 * queue) ask the same database meanwhile runs in contexts of their own and is not counted.
 */
export async function countQueries(database: Database, work: () => Promise<unknown>): Promise<QueryCount> {
  const driver = (database.pglite ?? database.pool) as unknown as Queryable | undefined;
  if (!driver) throw new Error('countQueries: the database has neither PGlite nor a pool');
  if (!wrapped.has(driver)) {
    if (database.pglite) wrapPglite(driver);
    else wrapPool(driver);
    wrapped.add(driver);
  }
  const recorder: Recorder = { statements: [] };
  await recording.run(recorder, work);
  return { count: recorder.statements.length, statements: recorder.statements };
}
