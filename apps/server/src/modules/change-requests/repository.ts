import { and, count, desc, eq } from 'drizzle-orm';
import type { ChangeRequestStatusName } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { profileChangeRequests } from './tables.ts';

export type ChangeRequestRow = typeof profileChangeRequests.$inferSelect;

/** The change requests' queries. */
export function createChangeRequestsRepository(db: Db) {
  return {
    async insert(tx: Db, row: typeof profileChangeRequests.$inferInsert): Promise<ChangeRequestRow> {
      const [created] = await tx.insert(profileChangeRequests).values(row).returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },
    async find(networkId: string, id: string): Promise<ChangeRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(profileChangeRequests)
        .where(and(eq(profileChangeRequests.networkId, networkId), eq(profileChangeRequests.id, id)));
      return row;
    },
    /** The request locked for the rest of the transaction (two administrators deciding at once). */
    async lock(tx: Db, networkId: string, id: string): Promise<ChangeRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(profileChangeRequests)
        .where(and(eq(profileChangeRequests.networkId, networkId), eq(profileChangeRequests.id, id)))
        .for('update');
      return row;
    },
    async decide(tx: Db, id: string, status: ChangeRequestStatusName, decidedById: string): Promise<ChangeRequestRow> {
      const [row] = await tx
        .update(profileChangeRequests)
        .set({ status, decidedById, decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(profileChangeRequests.id, id))
        .returning();
      if (!row) throw new Error('change request vanished');
      return row;
    },
    /** A page of the network's requests of one status, newest first (two statements). */
    async page(networkId: string, status: ChangeRequestStatusName, limit: number, offset: number) {
      const where = and(eq(profileChangeRequests.networkId, networkId), eq(profileChangeRequests.status, status));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(profileChangeRequests)
          .where(where)
          .orderBy(desc(profileChangeRequests.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(profileChangeRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
