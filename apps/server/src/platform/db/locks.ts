import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Makes transactions that change one thing as a whole (a list saved at once, a slug made free
 * from the names taken) wait for each other: on PostgreSQL two of them at once would otherwise
 * deadlock on each other's rows or both take the same free slug. Held until the transaction
 * ends; `key` names the thing, e.g. `appointment_categories:{networkId}`.
 */
export async function lockForTransaction(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
