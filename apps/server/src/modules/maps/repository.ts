import { and, eq, gt, inArray, lte, ne, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { memberLocations } from './tables.ts';

export type MemberLocationRow = typeof memberLocations.$inferSelect;
export type NewMemberLocationRow = typeof memberLocations.$inferInsert;

/** Ids per statement: well below PostgreSQL's limit of bound parameters. */
const CHUNK = 1000;

export function createMapsRepository(db: Db) {
  return {
    /** The stored locations of some members (or of a network, by its id), by id. */
    async locationsOf(ids: string[]): Promise<Map<string, MemberLocationRow>> {
      const found = new Map<string, MemberLocationRow>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .select()
          .from(memberLocations)
          .where(inArray(memberLocations.membershipId, ids.slice(i, i + CHUNK)));
        for (const row of rows) found.set(row.membershipId, row);
      }
      return found;
    },
    /** Every stored location of a network (its members' and its own), by id: one indexed query. */
    async locationsOfNetwork(networkId: string): Promise<Map<string, MemberLocationRow>> {
      const rows = await db.select().from(memberLocations).where(eq(memberLocations.networkId, networkId));
      return new Map(rows.map((row) => [row.membershipId, row]));
    },
    async save(row: NewMemberLocationRow): Promise<void> {
      const { membershipId: _id, ...values } = row;
      await db
        .insert(memberLocations)
        .values(row)
        .onConflictDoUpdate({ target: memberLocations.membershipId, set: values });
    },
    async remove(id: string): Promise<void> {
      await db.delete(memberLocations).where(eq(memberLocations.membershipId, id));
    },
    /**
     * Deletes the members' locations with ids after `after` up to `upTo` (open ends without
     * them) other than `keep`: members of that id range who no longer have an address, are
     * locked or gone. A network's own location row is never touched.
     */
    async removeOthersInRange(range: {
      networkId?: string | undefined;
      after?: string | undefined;
      upTo?: string | undefined;
      keep: string[];
    }): Promise<void> {
      const conditions: SQL[] = [ne(memberLocations.membershipId, memberLocations.networkId)];
      if (range.networkId) conditions.push(eq(memberLocations.networkId, range.networkId));
      if (range.after) conditions.push(gt(memberLocations.membershipId, range.after));
      if (range.upTo) conditions.push(lte(memberLocations.membershipId, range.upTo));
      if (range.keep.length > 0) conditions.push(notInArray(memberLocations.membershipId, range.keep));
      await db.delete(memberLocations).where(and(...conditions));
    },
  };
}

export type MapsRepository = ReturnType<typeof createMapsRepository>;
