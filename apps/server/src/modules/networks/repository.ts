import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { networks } from './tables.ts';

export type NetworkRow = typeof networks.$inferSelect;
export type NewNetworkRow = typeof networks.$inferInsert;

export function createNetworksRepository(db: Db) {
  // Read for each network not cached yet: prepared once per connection.
  const byId = db
    .select()
    .from(networks)
    .where(eq(networks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('networks_find_by_id');
  return {
    async findById(id: string, tx: Db = db, forUpdate = false): Promise<NetworkRow | undefined> {
      if (tx === db && !forUpdate) return (await byId.execute({ id }))[0];
      const query = tx.select().from(networks).where(eq(networks.id, id)).limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },
    async findByHost(host: string): Promise<NetworkRow | undefined> {
      const [row] = await db.select().from(networks).where(eq(networks.host, host)).limit(1);
      return row;
    },
    /** The networks without a host of their own; a deployment serves the only one on any host. */
    async findHostless(limit: number): Promise<NetworkRow[]> {
      return db.select().from(networks).where(isNull(networks.host)).orderBy(networks.id).limit(limit);
    },
    /** Every network's id (the daily runs go through them). */
    async ids(): Promise<string[]> {
      const rows = await db.select({ id: networks.id }).from(networks).orderBy(networks.id);
      return rows.map((row) => row.id);
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(networks);
      return row?.n ?? 0;
    },
    async updateTheme(id: string, theme: NetworkRow['theme'], tx: Db = db): Promise<NetworkRow | undefined> {
      const [row] = await tx
        .update(networks)
        .set({ theme, updatedAt: new Date() })
        .where(eq(networks.id, id))
        .returning();
      return row;
    },
    async updateSettings(
      id: string,
      settings: NetworkRow['settings'],
      tx: Db = db,
      attributes: Partial<Pick<NetworkRow, 'name' | 'language'>> = {},
    ): Promise<NetworkRow | undefined> {
      const [row] = await tx
        .update(networks)
        .set({ settings, ...attributes, updatedAt: new Date() })
        .where(eq(networks.id, id))
        .returning();
      return row;
    },
    async updateConfig(id: string, config: NetworkRow['config'], tx: Db = db): Promise<NetworkRow | undefined> {
      const [row] = await tx
        .update(networks)
        .set({ config, updatedAt: new Date() })
        .where(eq(networks.id, id))
        .returning();
      return row;
    },
    async insert(values: NewNetworkRow, tx: Db = db): Promise<NetworkRow> {
      const [row] = await tx.insert(networks).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}
