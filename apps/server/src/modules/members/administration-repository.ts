import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { escapeLike, type MembershipRow, type NewMembershipRow } from './repository.ts';
import { memberships } from './tables.ts';

export type AdminMemberSearch = {
  networkId: string;
  /** Lower-cased words; each must begin a word of the member's names. */
  terms: string[];
  /** Account ids whose address matches the query (the accounts module's answer), as a subquery or list. */
  userIds?: SQLWrapper | string[] | undefined;
  locked?: boolean | undefined;
  external?: boolean | undefined;
  limit: number;
  offset: number;
};

/** The members administration's reads and writes of memberships. */
export function createMemberAdministrationRepository(db: Db) {
  return {
    /**
     * One page of the network's members (never deleted ones, never consumers) in name order, with
     * the number of all matches. The words match names; `userIds` adds the members whose address matched.
     */
    async page(search: AdminMemberSearch): Promise<{ rows: MembershipRow[]; total: number }> {
      const conditions: SQL[] = [
        eq(memberships.networkId, search.networkId),
        isNull(memberships.deletedAt),
        eq(memberships.kind, 'member'),
      ];
      if (search.terms.length > 0) {
        const byName = and(
          ...search.terms.map((term) => sql`${memberships.searchName} like ${`% ${escapeLike(term)}%`}`),
        )!;
        const ids = search.userIds;
        const byAddress =
          ids === undefined || (Array.isArray(ids) && ids.length === 0) ? undefined : inArray(memberships.userId, ids);
        conditions.push(byAddress ? or(byName, byAddress)! : byName);
      }
      if (search.locked !== undefined)
        conditions.push(search.locked ? isNotNull(memberships.lockedAt) : isNull(memberships.lockedAt));
      if (search.external !== undefined) conditions.push(eq(memberships.isExternal, search.external));
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(memberships)
          .where(where)
          .orderBy(
            asc(sql`lower(${memberships.lastName})`),
            asc(sql`lower(${memberships.firstName})`),
            asc(memberships.id),
          )
          .limit(search.limit)
          .offset(search.offset),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(memberships)
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
    /** The membership, locked for the rest of the transaction. */
    async lockRow(tx: Db, networkId: string, id: string): Promise<MembershipRow | undefined> {
      const [row] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, id)))
        .for('update');
      return row;
    },
    async update(tx: Db, networkId: string, id: string, values: Partial<NewMembershipRow>): Promise<MembershipRow> {
      const [row] = await tx
        .update(memberships)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, id)))
        .returning();
      if (!row) throw new Error('membership vanished');
      return row;
    },
    /** Ids of locked, not deleted members locked at `lockedBefore` or earlier with something personal left. */
    async toAnonymize(networkId: string, lockedBefore: Date, name: string, limit = 500): Promise<string[]> {
      const rows = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.networkId, networkId),
            eq(memberships.kind, 'member'),
            isNull(memberships.deletedAt),
            sql`${memberships.lockedAt} <= ${lockedBefore.toISOString()}`,
            or(
              sql`${memberships.firstName} <> ${name}`,
              sql`${memberships.lastName} <> ''`,
              isNotNull(memberships.displayName),
              isNotNull(memberships.profileImageId),
              isNotNull(memberships.birthday),
              sql`${memberships.profile} <> '{}'::jsonb`,
            ),
          ),
        )
        .orderBy(asc(memberships.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },
    /** How many memberships (in any network) an account still has, deleted ones left out. */
    async countOfUser(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), isNull(memberships.deletedAt)));
      return row?.n ?? 0;
    },
  };
}
