import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Database } from '../platform/db/client.ts';
import { openTestDatabase } from './database.ts';

const open = () => openTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const migrationsApplied = (database: Database) =>
  rows<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);

describe('a test database handed to the next file', () => {
  it('holds the template again: the rows written and the tables made before are gone, the template’s own rows are back', async () => {
    const first = await open();
    const journal = await migrationsApplied(first);
    await first.db.execute(sql`create table scratch (id int)`);
    await first.db.execute(
      sql`insert into domain_events (network_id, type, actor_id, subject_type, subject_id, changes)
          values ('n1', 'thing.made', 'm1', 'thing', 't1', '{}')`,
    );
    await first.db.execute(sql`delete from drizzle.__drizzle_migrations`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    await first.close();

    const next = await open();
    try {
      expect(await migrationsApplied(next)).toEqual(journal);
      expect(await rows(next, sql`select id from domain_events`)).toEqual([]);
      expect(await rows(next, sql`select 1 from information_schema.tables where table_name = 'scratch'`)).toEqual([]);
      expect(await rows(next, sql`show statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
      // Numbering starts where the template's did.
      await next.db.execute(
        sql`insert into domain_events (network_id, type, actor_id, subject_type, subject_id, changes)
            values ('n1', 'thing.made', 'm1', 'thing', 't1', '{}')`,
      );
      expect(await rows(next, sql`select id::int as id from domain_events`)).toEqual([{ id: 1 }]);
    } finally {
      await next.close();
    }
  });

  it('is closed for the file that closed it, also when another file holds it now', async () => {
    const first = await open();
    await first.close();
    const next = await open();
    try {
      await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
      expect(await rows(next, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await next.close();
    }
  });
});
