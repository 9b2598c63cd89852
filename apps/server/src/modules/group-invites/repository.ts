import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { InvitePosition } from '../invites/index.ts';
import { groupInvites, type GroupInviteStatus } from './tables.ts';

export type GroupInviteRow = typeof groupInvites.$inferSelect;
/** An invite with its creation time as the database keeps it (microseconds), for the inbox order. */
export type PositionedInvite = { invite: GroupInviteRow; at: string };

const createdAtText = sql<string>`to_char(${groupInvites.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Whose sent invites a list shows: the network's, a group's, or an author's. */
export type SentScope = { networkId: string } & ({ groupId: string } | { authorId: string } | object);

function scopeConditions(scope: SentScope): SQL[] {
  const conditions: SQL[] = [eq(groupInvites.networkId, scope.networkId)];
  if ('groupId' in scope) conditions.push(eq(groupInvites.groupId, scope.groupId));
  if ('authorId' in scope) conditions.push(eq(groupInvites.authorId, scope.authorId));
  return conditions;
}

export function createGroupInvitesRepository(db: Db) {
  return {
    /**
     * A page of a member's invites in the invites inbox, newest first (created at, then id),
     * strictly after a position: the open ones for the open tab, the obsolete ones for that tab.
     */
    inboxPage(
      networkId: string,
      membershipId: string,
      statuses: GroupInviteStatus[],
      limit: number,
      after: InvitePosition | null,
    ): Promise<PositionedInvite[]> {
      if (statuses.length === 0) return Promise.resolve([]);
      const conditions: SQL[] = [
        eq(groupInvites.networkId, networkId),
        eq(groupInvites.membershipId, membershipId),
        inArray(groupInvites.status, statuses),
      ];
      if (after) {
        conditions.push(sql`(${groupInvites.createdAt}, ${groupInvites.id}) < (${after.at}::timestamptz, ${after.id})`);
      }
      return db
        .select({ invite: groupInvites, at: createdAtText })
        .from(groupInvites)
        .where(and(...conditions))
        .orderBy(desc(groupInvites.createdAt), desc(groupInvites.id))
        .limit(limit);
    },

    /** One of a member's invites with its position. */
    async ofMember(networkId: string, membershipId: string, id: string): Promise<PositionedInvite | null> {
      const [row] = await db
        .select({ invite: groupInvites, at: createdAtText })
        .from(groupInvites)
        .where(
          and(
            eq(groupInvites.networkId, networkId),
            eq(groupInvites.membershipId, membershipId),
            eq(groupInvites.id, id),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async byId(networkId: string, id: string, tx: Db = db): Promise<GroupInviteRow | undefined> {
      const [row] = await tx
        .select()
        .from(groupInvites)
        .where(and(eq(groupInvites.networkId, networkId), eq(groupInvites.id, id)))
        .limit(1);
      return row;
    },

    byIds(networkId: string, ids: string[], tx: Db = db): Promise<GroupInviteRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(groupInvites)
        .where(and(eq(groupInvites.networkId, networkId), inArray(groupInvites.id, ids)));
    },

    /** The member's open invites to some groups: one query. */
    openOf(networkId: string, membershipId: string, groupIds: string[]): Promise<GroupInviteRow[]> {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(groupInvites)
        .where(
          and(
            eq(groupInvites.networkId, networkId),
            eq(groupInvites.membershipId, membershipId),
            eq(groupInvites.status, 'open'),
            inArray(groupInvites.groupId, groupIds),
          ),
        );
    },

    /** Which of some members have an open invite to a group. */
    async openInvitees(groupId: string, membershipIds: string[], tx: Db = db): Promise<Set<string>> {
      if (membershipIds.length === 0) return new Set();
      const rows = await tx
        .select({ id: groupInvites.membershipId })
        .from(groupInvites)
        .where(
          and(
            eq(groupInvites.groupId, groupId),
            eq(groupInvites.status, 'open'),
            inArray(groupInvites.membershipId, membershipIds),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** How many open group invitations each member has: one query. */
    async openCounts(networkId: string, membershipIds: string[]): Promise<Map<string, number>> {
      if (membershipIds.length === 0) return new Map();
      const rows = await db
        .select({ id: groupInvites.membershipId, n: count() })
        .from(groupInvites)
        .where(
          and(
            eq(groupInvites.networkId, networkId),
            eq(groupInvites.status, 'open'),
            inArray(groupInvites.membershipId, membershipIds),
          ),
        )
        .groupBy(groupInvites.membershipId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    /** New open invites; a pair already invited (a race) is skipped by the open index. */
    async insertMany(rows: Array<typeof groupInvites.$inferInsert>, tx: Db): Promise<GroupInviteRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(groupInvites).values(rows).onConflictDoNothing().returning();
    },

    /** Sets the status of some invites that have one of the given statuses; answers those changed. */
    async setStatus(
      tx: Db,
      where: { ids?: string[]; groupId?: string; membershipId?: string; from: GroupInviteStatus[] },
      status: GroupInviteStatus,
      values: Partial<Pick<GroupInviteRow, 'answeredAt' | 'renewedAt' | 'additionalMessage'>> = {},
    ): Promise<GroupInviteRow[]> {
      const conditions: SQL[] = [inArray(groupInvites.status, where.from)];
      if (where.ids) conditions.push(inArray(groupInvites.id, where.ids));
      if (where.groupId) conditions.push(eq(groupInvites.groupId, where.groupId));
      if (where.membershipId) conditions.push(eq(groupInvites.membershipId, where.membershipId));
      if (!where.ids && !where.groupId && !where.membershipId) return [];
      return tx
        .update(groupInvites)
        .set({ status, updatedAt: new Date(), ...values })
        .where(and(...conditions))
        .returning();
    },

    /** Whether another open invite holds the pair (renewing a declined one must not make two). */
    async otherOpenPairs(tx: Db, rows: GroupInviteRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const found = await tx
        .select({ groupId: groupInvites.groupId, membershipId: groupInvites.membershipId })
        .from(groupInvites)
        .where(
          and(
            eq(groupInvites.status, 'open'),
            inArray(
              groupInvites.membershipId,
              rows.map((r) => r.membershipId),
            ),
            inArray(
              groupInvites.groupId,
              rows.map((r) => r.groupId),
            ),
            notInArray(
              groupInvites.id,
              rows.map((r) => r.id),
            ),
          ),
        );
      return new Set(found.map((f) => `${f.groupId}|${f.membershipId}`));
    },

    /** One page of sent invites, newest first, with the number of all of them. */
    async sentPage(
      scope: SentScope,
      limit: number,
      offset: number,
    ): Promise<{ rows: GroupInviteRow[]; total: number }> {
      const where = and(...scopeConditions(scope));
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(groupInvites)
          .where(where)
          .orderBy(desc(groupInvites.createdAt), desc(groupInvites.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(groupInvites).where(where),
      ]);
      return { rows, total: Number(totalRow?.n ?? 0) };
    },
  };
}

export type GroupInvitesRepository = ReturnType<typeof createGroupInvitesRepository>;
