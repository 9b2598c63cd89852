import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { memberships } from './tables.ts';

export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;

export function createMembersRepository(db: Db) {
  return {
    async findByUser(networkId: string, userId: string): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), eq(memberships.userId, userId)))
        .limit(1);
      return row;
    },
    async findById(networkId: string, id: string): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, id)))
        .limit(1);
      return row;
    },
    async findByIds(networkId: string, ids: string[]): Promise<MembershipRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), inArray(memberships.id, ids)));
    },
    async insertMany(rows: NewMembershipRow[]): Promise<MembershipRow[]> {
      if (rows.length === 0) return [];
      return db.insert(memberships).values(rows).returning();
    },
    async update(networkId: string, id: string, values: Partial<NewMembershipRow>): Promise<MembershipRow | undefined> {
      const [row] = await db
        .update(memberships)
        .set(values)
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, id)))
        .returning();
      return row;
    },
  };
}
