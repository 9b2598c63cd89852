import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { UploadState } from '@agora/contracts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { storedObjects, type StoredObjectRow } from './tables.ts';

export type NewStoredObjectRow = typeof storedObjects.$inferInsert;

/** The states in which an object's bytes can be read by someone. */
export const LIVE_STATES: UploadState[] = ['volatile', 'published'];

export function createStorageRepository(db: Db) {
  return {
    async insert(row: NewStoredObjectRow, tx: Db = db): Promise<StoredObjectRow> {
      const [inserted] = await tx.insert(storedObjects).values(row).returning();
      return inserted!;
    },

    async find(networkId: string, id: string, tx: Db = db): Promise<StoredObjectRow | undefined> {
      const [row] = await tx
        .select()
        .from(storedObjects)
        .where(and(eq(storedObjects.networkId, networkId), eq(storedObjects.id, id)));
      return row;
    },

    /** Live objects among `ids`; locked for update inside a transaction that changes them. */
    findLive(networkId: string, ids: string[], tx: Db = db, forUpdate = false): Promise<StoredObjectRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      const query = tx
        .select()
        .from(storedObjects)
        .where(
          and(
            eq(storedObjects.networkId, networkId),
            inArray(storedObjects.id, ids),
            inArray(storedObjects.state, LIVE_STATES),
          ),
        );
      return forUpdate ? query.for('update') : query;
    },

    async update(id: string, values: Partial<NewStoredObjectRow>, tx: Db = db): Promise<StoredObjectRow> {
      const [row] = await tx.update(storedObjects).set(values).where(eq(storedObjects.id, id)).returning();
      return row!;
    },

    updateMany(
      ids: string[],
      values: PgUpdateSetSource<typeof storedObjects>,
      tx: Db = db,
    ): Promise<StoredObjectRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx.update(storedObjects).set(values).where(inArray(storedObjects.id, ids)).returning();
    },

    async deleteRows(ids: string[], tx: Db = db): Promise<void> {
      if (ids.length) await tx.delete(storedObjects).where(inArray(storedObjects.id, ids));
    },

    /** Published objects of some owners, oldest first. */
    owned(networkId: string, ownerType: string, ownerIds: string[], tx: Db = db): Promise<StoredObjectRow[]> {
      if (ownerIds.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(storedObjects)
        .where(
          and(
            eq(storedObjects.networkId, networkId),
            eq(storedObjects.ownerType, ownerType),
            inArray(storedObjects.ownerId, ownerIds),
            eq(storedObjects.state, 'published'),
          ),
        )
        .orderBy(asc(storedObjects.createdAt), asc(storedObjects.id));
    },

    /**
     * What the sweep deletes, a batch at a time: uploads never published (or never finished)
     * since `staleBefore`, removed ones (kept as long, for the record), and quarantined ones kept as a record until `quarantineBefore`.
     */
    sweepable(staleBefore: Date, quarantineBefore: Date, limit: number): Promise<StoredObjectRow[]> {
      return db
        .select()
        .from(storedObjects)
        .where(
          or(
            and(inArray(storedObjects.state, ['volatile', 'uploading']), lt(storedObjects.createdAt, staleBefore)),
            and(eq(storedObjects.state, 'removed'), lt(storedObjects.updatedAt, staleBefore)),
            and(eq(storedObjects.state, 'quarantine'), lt(storedObjects.createdAt, quarantineBefore)),
          ),
        )
        .orderBy(asc(storedObjects.createdAt))
        .limit(limit);
    },
  };
}

export type StorageRepository = ReturnType<typeof createStorageRepository>;
