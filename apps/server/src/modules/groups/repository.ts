import { and, asc, eq, inArray, isNotNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { groupCategories, groupCategoryAdmins, groupMemberships, groups } from './tables.ts';

export type GroupCategoryRow = typeof groupCategories.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type GroupMembershipRow = typeof groupMemberships.$inferSelect;

export type DirectoryGroupSearch = {
  networkId: string;
  membershipId: string;
  isNetworkAdmin: boolean;
  isExternal: boolean;
  /** Lower-cased words; each must begin a word of the group's name. */
  terms: string[];
  onlyMine: boolean;
  onlyChatEnabled: boolean;
  /** Only the groups the member administrates. */
  onlyAdministered?: boolean;
  limit: number;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createGroupsRepository(db: Db) {
  return {
    categories(networkId: string): Promise<GroupCategoryRow[]> {
      return db
        .select()
        .from(groupCategories)
        .where(eq(groupCategories.networkId, networkId))
        .orderBy(asc(groupCategories.position), asc(groupCategories.name));
    },
    async groupBySlug(networkId: string, slug: string): Promise<GroupRow | undefined> {
      const [row] = await db
        .select()
        .from(groups)
        .where(and(eq(groups.networkId, networkId), eq(groups.slug, slug)))
        .limit(1);
      return row;
    },
    async groupById(networkId: string, id: string): Promise<GroupRow | undefined> {
      const [row] = await db
        .select()
        .from(groups)
        .where(and(eq(groups.networkId, networkId), eq(groups.id, id)))
        .limit(1);
      return row;
    },
    /** The ids of a group's members as a subquery, for searches that stay one statement. */
    memberIdsQuery(groupId: string) {
      return db
        .select({ id: groupMemberships.membershipId })
        .from(groupMemberships)
        .where(eq(groupMemberships.groupId, groupId));
    },
    /** The ids of the members of the groups a member administrates, as a subquery. */
    administeredMemberIdsQuery(adminId: string) {
      const administered = db
        .select({ id: groupMemberships.groupId })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.membershipId, adminId), eq(groupMemberships.role, 'admin')));
      return db
        .select({ id: groupMemberships.membershipId })
        .from(groupMemberships)
        .where(inArray(groupMemberships.groupId, administered));
    },
    /** The groups a member belongs to, for the user bar: one query for all categories. */
    groupsOf(networkId: string, membershipId: string, limit: number) {
      return db
        .select({ group: groups, role: groupMemberships.role })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(and(eq(groupMemberships.membershipId, membershipId), eq(groups.networkId, networkId)))
        .orderBy(asc(groups.archived), asc(sql`lower(${groups.name})`), asc(groups.id))
        .limit(limit);
    },
    /**
     * The groups with chat enabled that a member belongs to, archived ones too (their chat stays
     * readable): the chat list and the rooms a connection joins, in one query.
     */
    chatGroupsOf(networkId: string, membershipId: string) {
      return db
        .select({ group: groups, role: groupMemberships.role })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(
          and(
            eq(groupMemberships.membershipId, membershipId),
            eq(groups.networkId, networkId),
            eq(groups.chatEnabled, true),
          ),
        );
    },
    /**
     * Groups for the directory pickers with the searching member's role and the category name.
     * The conditions on access narrow the rows in the database so that `limit` holds; the group
     * policy still decides on each row (see the service).
     */
    directoryGroups(search: DirectoryGroupSearch) {
      const role = groupMemberships.role;
      const conditions: SQL[] = [eq(groups.networkId, search.networkId), eq(groups.archived, false)];
      if (!search.isNetworkAdmin) conditions.push(or(ne(groups.access, 'hidden'), isNotNull(role))!);
      if (search.isExternal) conditions.push(or(eq(groups.externallyVisible, true), isNotNull(role))!);
      if (search.onlyMine) conditions.push(isNotNull(role));
      if (search.onlyAdministered) conditions.push(eq(role, 'admin'));
      if (search.onlyChatEnabled) conditions.push(eq(groups.chatEnabled, true));
      for (const term of search.terms) {
        conditions.push(sql`(' ' || lower(${groups.name})) like ${`% ${escapeLike(term)}%`}`);
      }
      return db
        .select({ group: groups, role, categoryName: groupCategories.name })
        .from(groups)
        .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
        .leftJoin(
          groupMemberships,
          and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.membershipId, search.membershipId)),
        )
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
        .limit(search.limit);
    },
    /** Some groups by id with a member's role in each: one query, for checking them in a batch. */
    async withRoles(
      networkId: string,
      membershipId: string,
      ids: string[],
    ): Promise<Array<{ group: GroupRow; role: GroupRole | null }>> {
      if (ids.length === 0) return [];
      return db
        .select({ group: groups, role: groupMemberships.role })
        .from(groups)
        .leftJoin(
          groupMemberships,
          and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.membershipId, membershipId)),
        )
        .where(and(eq(groups.networkId, networkId), inArray(groups.id, ids)));
    },
    /**
     * Some groups by id with their category's name and a member's role in each: one query, for
     * the calendars of many groups at once.
     */
    async withRolesAndCategories(
      networkId: string,
      membershipId: string,
      ids: string[],
    ): Promise<Array<{ group: GroupRow; role: GroupRole | null; categoryName: string }>> {
      if (ids.length === 0) return [];
      return db
        .select({ group: groups, role: groupMemberships.role, categoryName: groupCategories.name })
        .from(groups)
        .innerJoin(groupCategories, eq(groupCategories.id, groups.groupCategoryId))
        .leftJoin(
          groupMemberships,
          and(eq(groupMemberships.groupId, groups.id), eq(groupMemberships.membershipId, membershipId)),
        )
        .where(and(eq(groups.networkId, networkId), inArray(groups.id, ids)));
    },
    /** Every group of a network, named: what each group's default calendar is made from. */
    namesOf(networkId: string): Promise<Array<{ id: string; name: string }>> {
      return db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(eq(groups.networkId, networkId))
        .orderBy(asc(groups.id));
    },
    async roleOf(groupId: string, membershipId: string) {
      const [row] = await db
        .select({ role: groupMemberships.role })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.membershipId, membershipId)))
        .limit(1);
      return row?.role ?? null;
    },
    async memberCount(groupId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupMemberships)
        .where(eq(groupMemberships.groupId, groupId));
      return row?.n ?? 0;
    },
    async insertCategories(rows: Array<typeof groupCategories.$inferInsert>, tx: Db = db) {
      return rows.length ? tx.insert(groupCategories).values(rows).returning() : [];
    },
    async insertGroups(rows: Array<typeof groups.$inferInsert>, tx: Db = db) {
      return rows.length ? tx.insert(groups).values(rows).returning() : [];
    },
    /** The distinct members of some groups of a network: one query. */
    async memberIdsOf(networkId: string, groupIds: string[]): Promise<string[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: groupMemberships.membershipId })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.networkId, networkId), inArray(groupMemberships.groupId, groupIds)));
      return rows.map((r) => r.id);
    },
    async insertMemberships(rows: Array<typeof groupMemberships.$inferInsert>, tx: Db = db) {
      return rows.length ? tx.insert(groupMemberships).values(rows).onConflictDoNothing().returning() : [];
    },
    async categoryBySlug(networkId: string, slug: string): Promise<GroupCategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(groupCategories)
        .where(and(eq(groupCategories.networkId, networkId), eq(groupCategories.slug, slug)))
        .limit(1);
      return row;
    },
    async categoryById(networkId: string, id: string, tx: Db = db): Promise<GroupCategoryRow | undefined> {
      const [row] = await tx
        .select()
        .from(groupCategories)
        .where(and(eq(groupCategories.networkId, networkId), eq(groupCategories.id, id)))
        .limit(1);
      return row;
    },
    /** Of some categories, those a member is an admin of (group_category_admins): one query. */
    /**
     * The categories a member administrates and those with a group the member administrates,
     * in the whole network: one statement, for the per-process cache of these sets.
     */
    async administrationOf(membershipId: string): Promise<{ categoryAdmin: Set<string>; groupAdmin: Set<string> }> {
      const rows = await db
        .select({ id: groupCategoryAdmins.groupCategoryId, kind: sql<string>`'category'` })
        .from(groupCategoryAdmins)
        .where(eq(groupCategoryAdmins.membershipId, membershipId))
        .unionAll(
          db
            .selectDistinct({ id: groups.groupCategoryId, kind: sql<string>`'group'` })
            .from(groupMemberships)
            .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
            .where(and(eq(groupMemberships.membershipId, membershipId), eq(groupMemberships.role, 'admin'))),
        );
      const of = (kind: string) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.id));
      return { categoryAdmin: of('category'), groupAdmin: of('group') };
    },
    async categoryAdminOf(membershipId: string, categoryIds: string[]): Promise<Set<string>> {
      if (categoryIds.length === 0) return new Set();
      const rows = await db
        .select({ id: groupCategoryAdmins.groupCategoryId })
        .from(groupCategoryAdmins)
        .where(
          and(
            eq(groupCategoryAdmins.membershipId, membershipId),
            inArray(groupCategoryAdmins.groupCategoryId, categoryIds),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
    async insertCategoryAdmins(rows: Array<typeof groupCategoryAdmins.$inferInsert>) {
      return rows.length ? db.insert(groupCategoryAdmins).values(rows).onConflictDoNothing().returning() : [];
    },
    /** The taken slugs of groups (or categories) that begin with a base: what a new slug must avoid. */
    async slugsLike(
      table: 'groups' | 'categories',
      networkId: string,
      base: string,
      tx: Db = db,
    ): Promise<Set<string>> {
      const t = table === 'groups' ? groups : groupCategories;
      // Slugs are chosen one transaction at a time per network and table (the lock ends with the
      // transaction): two requests with the same name at once would otherwise both pick one.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${table}-slugs:${networkId}`}))`);
      const rows = await tx
        .select({ slug: t.slug })
        .from(t)
        .where(and(eq(t.networkId, networkId), like(t.slug, `${escapeLike(base)}%`)));
      return new Set(rows.map((r) => r.slug));
    },
    async updateGroup(id: string, values: Partial<typeof groups.$inferInsert>, tx: Db = db): Promise<GroupRow> {
      const [row] = await tx
        .update(groups)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(groups.id, id))
        .returning();
      return row!;
    },
    /** A category has one active main group: making one the main group ends the others' turn. */
    async clearMainGroup(categoryId: string, exceptId: string, tx: Db = db): Promise<void> {
      await tx
        .update(groups)
        .set({ activeMainGroup: false, updatedAt: new Date() })
        .where(and(eq(groups.groupCategoryId, categoryId), eq(groups.activeMainGroup, true), ne(groups.id, exceptId)));
    },
    async deleteGroup(id: string, tx: Db = db): Promise<void> {
      await tx.delete(groups).where(eq(groups.id, id));
    },
    async updateCategory(
      id: string,
      values: Partial<typeof groupCategories.$inferInsert>,
      tx: Db = db,
    ): Promise<GroupCategoryRow> {
      const [row] = await tx
        .update(groupCategories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(groupCategories.id, id))
        .returning();
      return row!;
    },
    /** Sets every category's position from its place in `ids`: one statement. */
    async reorderCategories(networkId: string, ids: string[], tx: Db = db): Promise<void> {
      if (ids.length === 0) return;
      const cases = sql.join(
        ids.map((id, i) => sql`when ${id} then ${i}::int`),
        sql` `,
      );
      await tx
        .update(groupCategories)
        .set({ position: sql`case ${groupCategories.id} ${cases} end`, updatedAt: new Date() })
        .where(and(eq(groupCategories.networkId, networkId), inArray(groupCategories.id, ids)));
    },
    /** A page of a category's groups by name, with the total: two queries. */
    async categoryGroups(categoryId: string, onlyIds: string[] | null, limit: number, offset: number) {
      const where = and(
        eq(groups.groupCategoryId, categoryId),
        onlyIds ? (onlyIds.length ? inArray(groups.id, onlyIds) : sql`false`) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(groups)
          .where(where)
          .orderBy(asc(groups.archived), asc(sql`lower(${groups.name})`), asc(groups.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(groups)
          .where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
    /** Of some members, those in a group the admin administrates (role admin): one query. */
    async inAdministeredGroups(networkId: string, adminId: string, candidateIds: string[]): Promise<Set<string>> {
      if (candidateIds.length === 0) return new Set();
      const administered = db
        .select({ id: groupMemberships.groupId })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.membershipId, adminId), eq(groupMemberships.role, 'admin')));
      const rows = await db
        .selectDistinct({ id: groupMemberships.membershipId })
        .from(groupMemberships)
        .where(
          and(
            eq(groupMemberships.networkId, networkId),
            inArray(groupMemberships.membershipId, candidateIds),
            inArray(groupMemberships.groupId, administered),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
    /** The groups of a category a member is an admin of (group_memberships role admin). */
    async adminGroupIdsIn(categoryId: string, membershipId: string): Promise<string[]> {
      const rows = await db
        .select({ id: groups.id })
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(
          and(
            eq(groupMemberships.membershipId, membershipId),
            eq(groupMemberships.role, 'admin'),
            eq(groups.groupCategoryId, categoryId),
          ),
        );
      return rows.map((r) => r.id);
    },
    /** Member counts of some groups: one query. */
    async memberCounts(groupIds: string[]): Promise<Map<string, number>> {
      if (groupIds.length === 0) return new Map();
      const rows = await db
        .select({ id: groupMemberships.groupId, n: sql<number>`count(*)::int` })
        .from(groupMemberships)
        .where(inArray(groupMemberships.groupId, groupIds))
        .groupBy(groupMemberships.groupId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}
