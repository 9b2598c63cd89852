import type { Db } from './client.ts';

/** The callbacks waiting for the commit of each open transaction (nested ones share the outer list). */
const pending = new WeakMap<object, Array<() => void>>();
const wrapped = Symbol('afterCommit');

type Transactional = { transaction: (fn: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/**
 * Runs `fn` once the transaction `tx` has committed; at once when `tx` is no transaction of a
 * wrapped database (a write outside a transaction has committed when it returns). A rolled-back
 * transaction drops its callbacks; a savepoint's callbacks wait for the outer commit.
 */
export function afterCommit(tx: Db, fn: () => void): void {
  const list = pending.get(tx);
  if (list) list.push(fn);
  else fn();
}

/** Whether `tx` is an open transaction whose commit `afterCommit` waits for. */
export function inTransaction(tx: Db): boolean {
  return pending.has(tx);
}

/**
 * Makes `db.transaction` (and the savepoints of its transactions) keep the `afterCommit`
 * callbacks and run them when the outermost transaction resolves. Changes the handle in place,
 * so that every holder of it (platform, modules, the job queue's adapter) gets the same; a
 * second call changes nothing.
 */
export function withAfterCommit(db: Db): Db {
  const target = db as unknown as Transactional & { [wrapped]?: true };
  if (target[wrapped]) return db;
  const original = target.transaction.bind(target);
  target.transaction = async (fn, config) => {
    const callbacks: Array<() => void> = [];
    const result = await original(async (tx) => {
      track(tx, callbacks);
      return fn(tx);
    }, config);
    for (const callback of callbacks) {
      try {
        callback();
      } catch (err) {
        console.error('after-commit callback failed', err);
      }
    }
    return result;
  };
  target[wrapped] = true;
  return db;
}

function track(tx: Db, callbacks: Array<() => void>): void {
  pending.set(tx, callbacks);
  const nested = tx as unknown as Transactional;
  const original = nested.transaction.bind(nested);
  nested.transaction = (fn, config) =>
    original(async (inner) => {
      track(inner, callbacks);
      return fn(inner);
    }, config);
}
