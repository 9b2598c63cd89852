import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { memberships } from './tables.ts';

export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;
/** What a search answers with: enough to name and show a member, little to carry. */
export type MemberOptionRow = Pick<
  MembershipRow,
  'id' | 'firstName' | 'lastName' | 'displayName' | 'profileImageId' | 'isExternal'
>;

export type MemberSearch = {
  networkId: string;
  /** Lower-cased words; each must begin a word of the member's names. */
  terms: string[];
  /** The lower-cased query as typed, words separated by one space: ranks whole-name matches first. */
  phrase: string;
  includeConsumers: boolean;
  /** Subqueries of membership ids the result is limited to, or that are left out. */
  onlyIds?: SQLWrapper | undefined;
  exceptIds?: SQLWrapper | undefined;
  sort: 'first_name' | 'last_name';
  limit: number;
  offset: number;
};

/** `%` and `_` typed by a member are meant literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchConditions(search: MemberSearch): SQL[] {
  const conditions: SQL[] = [eq(memberships.networkId, search.networkId), isNull(memberships.lockedAt)];
  if (!search.includeConsumers) conditions.push(eq(memberships.kind, 'member'));
  for (const term of search.terms) conditions.push(sql`${memberships.searchName} like ${`% ${escapeLike(term)}%`}`);
  if (search.onlyIds) conditions.push(inArray(memberships.id, search.onlyIds));
  if (search.exceptIds) conditions.push(notInArray(memberships.id, search.exceptIds));
  return conditions;
}

/** 0: the whole name as typed; 1: a name that begins with what was typed; 2: word prefixes only. */
export function rankOf(phrase: string): SQL<number> {
  // Hyphens count as spaces, as in the query (see searchTerms).
  const fullName = sql`translate(lower(${memberships.firstName} || ' ' || ${memberships.lastName}), '-', ' ')`;
  const reversed = sql`translate(lower(${memberships.lastName} || ' ' || ${memberships.firstName}), '-', ' ')`;
  const display = sql`translate(lower(coalesce(${memberships.displayName}, '')), '-', ' ')`;
  const prefix = `${escapeLike(phrase)}%`;
  return sql<number>`case
    when ${fullName} = ${phrase} or ${display} = ${phrase} then 0
    when ${fullName} like ${prefix} or ${reversed} like ${prefix} or ${display} like ${prefix} then 1
    else 2 end`;
}

export function createMembersRepository(db: Db) {
  // Read for each session that is not cached yet, and at sign-in: prepared once per connection.
  const byUser = db
    .select()
    .from(memberships)
    .where(
      and(eq(memberships.networkId, sql.placeholder('networkId')), eq(memberships.userId, sql.placeholder('userId'))),
    )
    .limit(1)
    .prepare('members_find_by_user');
  // The author of each chat message sent is presented from it: prepared once per connection.
  const byId = db
    .select()
    .from(memberships)
    .where(and(eq(memberships.networkId, sql.placeholder('networkId')), eq(memberships.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('members_find_by_id');
  return {
    async findByUser(networkId: string, userId: string): Promise<MembershipRow | undefined> {
      const [row] = await byUser.execute({ networkId, userId });
      return row;
    },
    /** The network's memberships of some accounts: one query. */
    async findByUsers(networkId: string, userIds: string[]): Promise<MembershipRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), inArray(memberships.userId, userIds)));
    },
    /** The network's administrators who can act (not locked, not deleted): one query. */
    async networkAdminIds(networkId: string): Promise<string[]> {
      const rows = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.networkId, networkId),
            eq(memberships.networkAdmin, true),
            eq(memberships.kind, 'member'),
            isNull(memberships.lockedAt),
            isNull(memberships.deletedAt),
          ),
        );
      return rows.map((r) => r.id);
    },
    async findById(networkId: string, id: string): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), eq(memberships.id, id)))
        .limit(1);
      return row;
    },
    /**
     * The network's memberships with what lists show and sort and search by, as a subquery that
     * other modules join to order their own rows by member name in one statement.
     */
    namesSubquery(networkId: string) {
      return db
        .select({
          id: memberships.id,
          firstName: memberships.firstName,
          lastName: memberships.lastName,
          displayName: memberships.displayName,
          searchName: sql<string>`${memberships.searchName}`.as('search_name'),
          profileImageId: memberships.profileImageId,
          isExternal: memberships.isExternal,
          kind: memberships.kind,
        })
        .from(memberships)
        .where(eq(memberships.networkId, networkId))
        .as('member_names');
    },
    async findByIds(networkId: string, ids: string[]): Promise<MembershipRow[]> {
      if (ids.length === 0) return [];
      if (ids.length === 1) return byId.execute({ networkId, id: ids[0]! });
      return db
        .select()
        .from(memberships)
        .where(and(eq(memberships.networkId, networkId), inArray(memberships.id, ids)));
    },
    /** One page of matching members with the number of all matches, in one statement. */
    async search(search: MemberSearch): Promise<{ rows: MemberOptionRow[]; total: number }> {
      const where = and(...searchConditions(search));
      const names =
        search.sort === 'first_name'
          ? [asc(sql`lower(${memberships.firstName})`), asc(sql`lower(${memberships.lastName})`)]
          : [asc(sql`lower(${memberships.lastName})`), asc(sql`lower(${memberships.firstName})`)];
      const found = await db
        .select({
          id: memberships.id,
          firstName: memberships.firstName,
          lastName: memberships.lastName,
          displayName: memberships.displayName,
          profileImageId: memberships.profileImageId,
          isExternal: memberships.isExternal,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(memberships)
        .where(where)
        .orderBy(asc(rankOf(search.phrase)), ...names, asc(memberships.id))
        .limit(search.limit)
        .offset(search.offset);
      if (found.length > 0 || search.offset === 0) {
        return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]?.total ?? 0 };
      }
      // A page past the end has no row to carry the count.
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(memberships)
        .where(where);
      return { rows: [], total: counted?.n ?? 0 };
    },
    async insertMany(rows: NewMembershipRow[], tx: Db = db): Promise<MembershipRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(memberships).values(rows).returning();
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
