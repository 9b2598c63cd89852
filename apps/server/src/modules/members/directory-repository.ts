import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { escapeLike, rankOf, type MembershipRow } from './repository.ts';
import { memberships } from './tables.ts';

/** What a directory row shows of a member. */
export type DirectoryMemberRow = Pick<
  MembershipRow,
  'id' | 'firstName' | 'lastName' | 'displayName' | 'profileImageId' | 'isExternal' | 'profile' | 'lockedAt'
>;

export type DirectoryListing = {
  networkId: string;
  /** Lower-cased words, each the beginning of a word of the names; none lists everyone. */
  terms: string[];
  phrase: string;
  /** Profile field and the value it must have (or hold, for a list). */
  filters: Array<[field: string, value: string]>;
  /** Membership ids (a group's members) the list keeps to. */
  onlyIds?: SQLWrapper | undefined;
  /** Locked members too (the network's `show_locked_memberships`); deleted ones never. */
  includeLocked?: boolean | undefined;
  sort: 'first_name' | 'last_name';
  limit: number;
  offset: number;
};

export type FilterOptionRow = { field: string; value: string; count: number };

/**
 * The directory lists members who sign in, not contacts without sign-in. Locked members only where
 * the network shows them; a deleted member is locked too, so the default condition (which the
 * partial name indexes answer) leaves them out, and the other one names them.
 */
function listable(networkId: string, onlyIds?: SQLWrapper, includeLocked = false): SQL[] {
  const conditions = [
    eq(memberships.networkId, networkId),
    includeLocked ? isNull(memberships.deletedAt) : isNull(memberships.lockedAt),
    eq(memberships.kind, 'member'),
  ];
  if (onlyIds) conditions.push(inArray(memberships.id, onlyIds));
  return conditions;
}

/**
 * A profile value equal to the text (or the number it spells), or a list holding it. Written as
 * containment (`@>`), which a GIN index on `profile` (jsonb_path_ops) answers directly.
 */
function profileHas(field: string, value: string): SQL {
  const candidates: unknown[] = [value, [value]];
  const number = Number(value);
  if (Number.isFinite(number) && String(number) === value) candidates.push(number, [number]);
  const contains = candidates.map(
    (candidate) => sql`${memberships.profile} @> ${JSON.stringify({ [field]: candidate })}::jsonb`,
  );
  return sql`(${sql.join(contains, sql` or `)})`;
}

export function createDirectoryRepository(db: Db) {
  return {
    /**
     * One page of the directory and the number of all matches: two statements, so that the page
     * can be read in name order from an index where there is one, instead of counting and
     * sorting every match in one.
     */
    async list(listing: DirectoryListing): Promise<{ rows: DirectoryMemberRow[]; total: number }> {
      const conditions = listable(listing.networkId, listing.onlyIds, listing.includeLocked);
      for (const term of listing.terms) {
        conditions.push(sql`${memberships.searchName} like ${`% ${escapeLike(term)}%`}`);
      }
      for (const [field, value] of listing.filters) conditions.push(profileHas(field, value));
      const where = and(...conditions);
      const first = asc(sql`lower(${memberships.firstName})`);
      const last = asc(sql`lower(${memberships.lastName})`);
      const names = listing.sort === 'first_name' ? [first, last] : [last, first];
      // A search puts the best matches first; a plain list is in name order.
      const order = listing.terms.length > 0 ? [asc(rankOf(listing.phrase)), ...names] : names;
      const rows = await db
        .select({
          id: memberships.id,
          firstName: memberships.firstName,
          lastName: memberships.lastName,
          displayName: memberships.displayName,
          profileImageId: memberships.profileImageId,
          isExternal: memberships.isExternal,
          profile: memberships.profile,
          lockedAt: memberships.lockedAt,
        })
        .from(memberships)
        .where(where)
        .orderBy(...order, asc(memberships.id))
        .limit(listing.limit)
        .offset(listing.offset);
      // A first page that is not full holds every match.
      if (listing.offset === 0 && rows.length < listing.limit) return { rows, total: rows.length };
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(memberships)
        .where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    /**
     * The distinct values listable members have in some profile fields, with how many have
     * each; list values count once per entry. At most `perField` values per field (the most
     * frequent), in one statement.
     */
    async filterOptions(
      networkId: string,
      fields: string[],
      perField: number,
      onlyIds?: SQLWrapper,
      includeLocked = false,
    ): Promise<FilterOptionRow[]> {
      if (fields.length === 0) return [];
      const fieldList = sql.join(
        fields.map((f) => sql`${f}`),
        sql`, `,
      );
      const stored = sql`${memberships.profile} -> f.field`;
      const result = await db.execute(sql`
        select field, value, count from (
          select f.field, v.value, count(*)::int as count,
            row_number() over (partition by f.field order by count(*) desc, v.value) as n
          from ${memberships}
          cross join unnest(array[${fieldList}]::text[]) as f(field)
          cross join lateral jsonb_array_elements_text(
            case jsonb_typeof(${stored}) when 'array' then ${stored} else jsonb_build_array(${stored}) end
          ) as v(value)
          where ${and(...listable(networkId, onlyIds, includeLocked))}
            and jsonb_typeof(${stored}) in ('string', 'number', 'boolean', 'array')
            and btrim(v.value) <> ''
          group by f.field, v.value
        ) counted
        where n <= ${perField}`);
      const { rows } = result as unknown as { rows: Array<{ field: string; value: string; count: number }> };
      return rows.map((row) => ({ field: row.field, value: row.value, count: Number(row.count) }));
    },
  };
}
