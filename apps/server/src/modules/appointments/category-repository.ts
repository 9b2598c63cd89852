import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { appointmentCategories, appointments } from './tables.ts';

/** The writes of the categories' administration, each inside the caller's transaction. */
export function createCategoryRepository(tx: Db) {
  return {
    /** Deletes categories; the appointments that had one are left without a category. */
    async remove(networkId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(appointments)
        .set({ categoryId: null })
        .where(and(eq(appointments.networkId, networkId), inArray(appointments.categoryId, ids)));
      await tx
        .delete(appointmentCategories)
        .where(and(eq(appointmentCategories.networkId, networkId), inArray(appointmentCategories.id, ids)));
    },
    async update(networkId: string, id: string, fields: { label?: string; position?: number }): Promise<void> {
      await tx
        .update(appointmentCategories)
        .set(fields)
        .where(and(eq(appointmentCategories.networkId, networkId), eq(appointmentCategories.id, id)));
    },
    async insert(rows: Array<typeof appointmentCategories.$inferInsert>): Promise<void> {
      if (rows.length > 0) await tx.insert(appointmentCategories).values(rows);
    },
  };
}
