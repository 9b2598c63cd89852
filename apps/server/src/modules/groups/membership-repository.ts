import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { GroupRole } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { MembersService } from '../members/index.ts';
import { groupCategoryAdmins, groupJoinRequests, groupMemberships, groups } from './tables.ts';

export type JoinRequestRow = typeof groupJoinRequests.$inferSelect;
export type GroupMembershipRow = typeof groupMemberships.$inferSelect;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The queries of group membership, join requests and a group's administrators. */
export function createMembershipRepository(db: Db) {
  return {
    /** The actor's group memberships among some groups: one query. */
    async membershipsOf(membershipId: string, groupIds: string[]): Promise<GroupMembershipRow[]> {
      if (groupIds.length === 0) return [];
      return db
        .select()
        .from(groupMemberships)
        .where(and(eq(groupMemberships.membershipId, membershipId), inArray(groupMemberships.groupId, groupIds)));
    },
    async favoriteGroupIds(membershipId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: groupMemberships.groupId })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.membershipId, membershipId), eq(groupMemberships.favorited, true)));
      return new Set(rows.map((r) => r.id));
    },
    /** Some groups' pages by id (the audit log's links): one query. */
    async pathsOf(networkId: string, ids: string[]): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: groups.id, slug: groups.slug })
        .from(groups)
        .where(and(eq(groups.networkId, networkId), inArray(groups.id, ids)));
      return new Map(rows.map((r) => [r.id, `/groups/${r.slug}`]));
    },
    /** Of some groups, those in which the member has an open join request: one query. */
    async openRequestGroupIds(membershipId: string, groupIds: string[]): Promise<Set<string>> {
      if (groupIds.length === 0) return new Set();
      const rows = await db
        .select({ groupId: groupJoinRequests.groupId })
        .from(groupJoinRequests)
        .where(
          and(
            eq(groupJoinRequests.membershipId, membershipId),
            eq(groupJoinRequests.status, 'open'),
            inArray(groupJoinRequests.groupId, groupIds),
          ),
        );
      return new Set(rows.map((r) => r.groupId));
    },
    async isCategoryAdmin(categoryId: string, membershipId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: groupCategoryAdmins.id })
        .from(groupCategoryAdmins)
        .where(
          and(eq(groupCategoryAdmins.groupCategoryId, categoryId), eq(groupCategoryAdmins.membershipId, membershipId)),
        )
        .limit(1);
      return !!row;
    },
    /** Member and administrator counts of a group: one query. */
    async counts(groupId: string, tx: Db = db): Promise<{ members: number; admins: number }> {
      const [row] = await tx
        .select({
          members: sql<number>`count(*)::int`,
          admins: sql<number>`(count(*) filter (where ${groupMemberships.role} = 'admin'))::int`,
        })
        .from(groupMemberships)
        .where(eq(groupMemberships.groupId, groupId));
      return { members: row?.members ?? 0, admins: row?.admins ?? 0 };
    },
    /** Locks the group's row, so that two changes of its admins or members take turns. */
    async lockGroup(tx: Db, groupId: string): Promise<void> {
      await tx.execute(sql`select id from ${groups} where id = ${groupId} for update`);
    },
    async insertMembership(
      tx: Db,
      row: { networkId: string; groupId: string; membershipId: string; role?: GroupRole },
    ): Promise<GroupMembershipRow | undefined> {
      const [inserted] = await tx.insert(groupMemberships).values(row).onConflictDoNothing().returning();
      return inserted;
    },
    async membership(groupId: string, membershipId: string, tx: Db = db): Promise<GroupMembershipRow | undefined> {
      const [row] = await tx
        .select()
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.membershipId, membershipId)))
        .limit(1);
      return row;
    },
    async deleteMembership(tx: Db, groupId: string, membershipId: string): Promise<GroupMembershipRow | undefined> {
      const [row] = await tx
        .delete(groupMemberships)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.membershipId, membershipId)))
        .returning();
      return row;
    },
    async updateMembership(
      tx: Db,
      groupId: string,
      membershipId: string,
      values: Partial<Pick<GroupMembershipRow, 'role' | 'subscribed' | 'favorited'>>,
    ): Promise<GroupMembershipRow | undefined> {
      const [row] = await tx
        .update(groupMemberships)
        .set(values)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.membershipId, membershipId)))
        .returning();
      return row;
    },
    /** A new open request; none when one is open already (the partial unique index). */
    async insertJoinRequest(
      tx: Db,
      row: { networkId: string; groupId: string; membershipId: string },
    ): Promise<JoinRequestRow | undefined> {
      const [inserted] = await tx.insert(groupJoinRequests).values(row).onConflictDoNothing().returning();
      return inserted;
    },
    async openJoinRequest(groupId: string, membershipId: string, tx: Db = db): Promise<JoinRequestRow | undefined> {
      const [row] = await tx
        .select()
        .from(groupJoinRequests)
        .where(
          and(
            eq(groupJoinRequests.groupId, groupId),
            eq(groupJoinRequests.membershipId, membershipId),
            eq(groupJoinRequests.status, 'open'),
          ),
        )
        .limit(1);
      return row;
    },
    async joinRequest(groupId: string, id: string): Promise<JoinRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(groupJoinRequests)
        .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.id, id)))
        .limit(1);
      return row;
    },
    /** Decides an open request; undefined when it was no longer open (decided meanwhile). */
    async decideJoinRequest(
      tx: Db,
      id: string,
      values: { status: JoinRequestRow['status']; decidedById: string | null; message?: string },
    ): Promise<JoinRequestRow | undefined> {
      const [row] = await tx
        .update(groupJoinRequests)
        .set({ ...values, decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(groupJoinRequests.id, id), eq(groupJoinRequests.status, 'open')))
        .returning();
      return row;
    },
    /** A page of a group's open requests, oldest first, with their number: two queries. */
    async openJoinRequests(groupId: string, limit: number, offset: number) {
      const where = and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.status, 'open'));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(groupJoinRequests)
          .where(where)
          .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(groupJoinRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /**
     * The groups a member administrates (as group admin or admin of the group's category) that
     * have open join requests, with their number: one query.
     */
    async openJoinRequestCounts(networkId: string, membershipId: string, limit: number) {
      const administrated = or(
        sql`exists (select 1 from ${groupMemberships} where ${groupMemberships.groupId} = ${groups.id}
          and ${groupMemberships.membershipId} = ${membershipId} and ${groupMemberships.role} = 'admin')`,
        sql`exists (select 1 from ${groupCategoryAdmins} where ${groupCategoryAdmins.groupCategoryId} = ${groups.groupCategoryId}
          and ${groupCategoryAdmins.membershipId} = ${membershipId})`,
      );
      return db
        .select({ groupId: groups.id, groupSlug: groups.slug, n: sql<number>`count(*)::int` })
        .from(groupJoinRequests)
        .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
        .where(and(eq(groups.networkId, networkId), eq(groupJoinRequests.status, 'open'), administrated))
        .groupBy(groups.id, groups.slug)
        .orderBy(asc(groups.slug))
        .limit(limit);
    },
    /** Who decides a group's requests: its admins and the admins of its category (one query). */
    async administratorIds(groupId: string, categoryId: string): Promise<string[]> {
      const rows = await db
        .select({ id: groupMemberships.membershipId })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.role, 'admin')))
        .union(
          db
            .select({ id: groupCategoryAdmins.membershipId })
            .from(groupCategoryAdmins)
            .where(eq(groupCategoryAdmins.groupCategoryId, categoryId)),
        );
      return rows.map((r) => r.id);
    },
    /**
     * A page of a group's members ordered by name, searched by words that begin their names:
     * two statements joined with the members module's names subquery.
     */
    async memberPage(options: {
      groupId: string;
      names: ReturnType<MembersService['namesSubquery']>;
      terms: string[];
      role?: GroupRole | undefined;
      limit: number;
      offset: number;
    }) {
      const m = options.names;
      const conditions: SQL[] = [eq(groupMemberships.groupId, options.groupId)];
      if (options.role) conditions.push(eq(groupMemberships.role, options.role));
      for (const term of options.terms) conditions.push(sql`${m.searchName} like ${`% ${escapeLike(term)}%`}`);
      const where = and(...conditions);
      const [rows, [total], [admins]] = await Promise.all([
        db
          .select({
            membership: groupMemberships,
            id: m.id,
            firstName: m.firstName,
            lastName: m.lastName,
            displayName: m.displayName,
            profileImageId: m.profileImageId,
            isExternal: m.isExternal,
          })
          .from(groupMemberships)
          .innerJoin(m, eq(m.id, groupMemberships.membershipId))
          .where(where)
          .orderBy(
            desc(sql`${groupMemberships.role} = 'admin'`),
            asc(sql`lower(${m.lastName})`),
            asc(sql`lower(${m.firstName})`),
            asc(groupMemberships.id),
          )
          .limit(options.limit)
          .offset(options.offset),
        db
          .select({ n: count() })
          .from(groupMemberships)
          .innerJoin(m, eq(m.id, groupMemberships.membershipId))
          .where(where),
        db
          .select({ n: count() })
          .from(groupMemberships)
          .where(and(eq(groupMemberships.groupId, options.groupId), eq(groupMemberships.role, 'admin'))),
      ]);
      return { rows, total: total?.n ?? 0, admins: admins?.n ?? 0 };
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
