import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { files, type FileRow } from './tables.ts';

/** The office editor's lock of a file (`files.wopi_lock`), read and changed under the row's lock. */
export function createWopiRepository(db: Db) {
  return {
    /** The file's row, locked until the transaction ends, so lock changes and saves go one at a time. */
    async lockedFile(tx: Db, networkId: string, id: string): Promise<FileRow | undefined> {
      const [row] = await tx
        .select()
        .from(files)
        .where(and(eq(files.networkId, networkId), eq(files.id, id)))
        .for('update');
      return row;
    },

    async setLock(tx: Db, id: string, lock: string | null, expiresAt: Date | null): Promise<void> {
      await tx
        .update(files)
        .set({ wopiLock: lock, wopiLockExpiresAt: expiresAt, updatedAt: sql`${files.updatedAt}` })
        .where(eq(files.id, id));
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },
  };
}

export type WopiRepository = ReturnType<typeof createWopiRepository>;
