import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ignoredMembers } from './tables.ts';

export type IgnoredMemberRow = typeof ignoredMembers.$inferSelect;

export function createIgnoredMembersRepository(db: Db) {
  return {
    /** Whom a member ignores, most recently ignored first. */
    async of(membershipId: string): Promise<IgnoredMemberRow[]> {
      return db
        .select()
        .from(ignoredMembers)
        .where(eq(ignoredMembers.membershipId, membershipId))
        .orderBy(desc(ignoredMembers.createdAt), desc(ignoredMembers.ignoredId));
    },

    /** Of some members, those who ignore one member. */
    async ignoring(ignoredId: string, among: string[], tx: Db = db): Promise<Set<string>> {
      if (among.length === 0) return new Set();
      const rows = await tx
        .select({ id: ignoredMembers.membershipId })
        .from(ignoredMembers)
        .where(and(eq(ignoredMembers.ignoredId, ignoredId), inArray(ignoredMembers.membershipId, among)));
      return new Set(rows.map((r) => r.id));
    },

    /** Whether the row was new. */
    async add(tx: Db, membershipId: string, ignoredId: string): Promise<boolean> {
      const rows = await tx
        .insert(ignoredMembers)
        .values({ membershipId, ignoredId })
        .onConflictDoNothing()
        .returning({ id: ignoredMembers.ignoredId });
      return rows.length > 0;
    },

    /** Whether there was a row. */
    async remove(tx: Db, membershipId: string, ignoredId: string): Promise<boolean> {
      const rows = await tx
        .delete(ignoredMembers)
        .where(and(eq(ignoredMembers.membershipId, membershipId), eq(ignoredMembers.ignoredId, ignoredId)))
        .returning({ id: ignoredMembers.ignoredId });
      return rows.length > 0;
    },
  };
}

export type IgnoredMembersRepository = ReturnType<typeof createIgnoredMembersRepository>;
