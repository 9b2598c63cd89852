import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, withAfterCommit } from './after-commit.ts';
import { openDatabase, type Database, type Db } from './client.ts';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
  db = withAfterCommit(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('afterCommit', () => {
  it('runs once the outermost transaction has committed, savepoints included', async () => {
    const ran: string[] = [];
    await db.transaction(async (tx) => {
      afterCommit(tx, () => ran.push('outer'));
      await tx.transaction(async (inner) => {
        await inner.execute(sql`select 1`);
        afterCommit(inner, () => ran.push('savepoint'));
      });
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'savepoint']);
  });

  it('drops the callbacks of a transaction that rolled back', async () => {
    const ran: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        afterCommit(tx, () => ran.push('never'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
  });

  it('runs at once outside a transaction, and wrapping twice changes nothing', async () => {
    const ran: string[] = [];
    afterCommit(db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
    expect(withAfterCommit(db)).toBe(db);
    await db.transaction(async (tx) => afterCommit(tx, () => ran.push('once')));
    expect(ran).toEqual(['now', 'once']);
  });
});
