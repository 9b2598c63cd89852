import { and, asc, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  activities,
  activityLikes,
  activityMentions,
  activityReplies,
  activitystreamReads,
  activitystreams,
  activitystreamUnsubscriptions,
  activityTaggings,
  activityTargets,
  tags,
  type ActivityReplyRow,
  type ActivityRow,
} from './tables.ts';

/** Which targets a page reads: one stream, or the network's and some groups' (the `all` stream). */
export type TargetScope = { streamId: string } | { network: boolean; excludedStreamIds: string[]; groupIds: string[] };

export type PageQuery = {
  networkId: string;
  scope: TargetScope;
  before?: string;
  limit: number;
  questions?: boolean;
  actorId?: string;
  mentionsOf?: string;
  likedBy?: string;
  tagId?: string;
};

/** The target condition of a scope, or null when it can hold nothing. */
export function scopeCondition(scope: TargetScope): SQL | null {
  if ('streamId' in scope) return eq(activityTargets.streamId, scope.streamId);
  // Only groups: their streams' index (a group's stream id is its id); with the network's
  // streams, the network index read in id order.
  if (!scope.network) return scope.groupIds.length > 0 ? inArray(activityTargets.streamId, scope.groupIds) : null;
  const parts: SQL[] = [
    scope.excludedStreamIds.length > 0
      ? and(isNull(activityTargets.groupId), notInArray(activityTargets.streamId, scope.excludedStreamIds))!
      : isNull(activityTargets.groupId),
  ];
  if (scope.groupIds.length > 0) parts.push(inArray(activityTargets.groupId, scope.groupIds));
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

export function createActivitiesRepository(db: Db) {
  return {
    streams(networkId: string) {
      return db
        .select()
        .from(activitystreams)
        .where(eq(activitystreams.networkId, networkId))
        .orderBy(asc(activitystreams.position), asc(activitystreams.name));
    },
    async ensureStream(networkId: string, slug: string, name: string) {
      await db.insert(activitystreams).values({ networkId, slug, name }).onConflictDoNothing();
    },
    async unsubscribed(membershipId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: activitystreamUnsubscriptions.streamId })
        .from(activitystreamUnsubscriptions)
        .where(eq(activitystreamUnsubscriptions.membershipId, membershipId));
      return new Set(rows.map((r) => r.id));
    },
    async setSubscribed(tx: Db, networkId: string, membershipId: string, streamId: string, on: boolean) {
      if (on) {
        await tx
          .delete(activitystreamUnsubscriptions)
          .where(
            and(
              eq(activitystreamUnsubscriptions.membershipId, membershipId),
              eq(activitystreamUnsubscriptions.streamId, streamId),
            ),
          );
      } else {
        await tx
          .insert(activitystreamUnsubscriptions)
          .values({ networkId, membershipId, streamId })
          .onConflictDoNothing();
      }
    },

    /** The ids of a page, newest first: one index range read in id order, grouped per activity. */
    async pageIds(query: PageQuery): Promise<string[]> {
      const scope = scopeCondition(query.scope);
      if (!scope) return [];
      const t = activityTargets;
      const conditions: SQL[] = [eq(t.networkId, query.networkId), scope];
      if (query.before) conditions.push(lt(t.activityId, query.before));
      if (query.questions) conditions.push(eq(t.type, 'question'));
      // The selective filters read their own index first (a member's posts, mentions, likes, a tag).
      if (query.actorId) {
        conditions.push(
          inArray(
            t.activityId,
            db
              .select({ id: activities.id })
              .from(activities)
              .where(and(eq(activities.networkId, query.networkId), eq(activities.actorId, query.actorId))),
          ),
        );
      }
      if (query.mentionsOf) {
        conditions.push(
          inArray(
            t.activityId,
            db
              .select({ id: activityMentions.activityId })
              .from(activityMentions)
              .where(
                and(
                  eq(activityMentions.membershipId, query.mentionsOf),
                  eq(activityMentions.subjectId, activityMentions.activityId),
                ),
              ),
          ),
        );
      }
      if (query.likedBy) {
        conditions.push(
          inArray(
            t.activityId,
            db
              .select({ id: activityLikes.activityId })
              .from(activityLikes)
              .where(and(eq(activityLikes.membershipId, query.likedBy), isNull(activityLikes.replyId))),
          ),
        );
      }
      if (query.tagId) {
        conditions.push(
          inArray(
            t.activityId,
            db
              .select({ id: activityTaggings.activityId })
              .from(activityTaggings)
              .where(eq(activityTaggings.tagId, query.tagId)),
          ),
        );
      }
      const rows = await db
        .select({ id: t.activityId })
        .from(t)
        .where(and(...conditions))
        .groupBy(t.activityId)
        .orderBy(desc(t.activityId))
        .limit(query.limit);
      return rows.map((r) => r.id);
    },

    async byIds(networkId: string, ids: string[], tx: Db = db): Promise<ActivityRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(activities)
        .where(and(eq(activities.networkId, networkId), inArray(activities.id, ids)));
    },
    async targetsOf(ids: string[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .select({
          activityId: activityTargets.activityId,
          streamId: activityTargets.streamId,
          groupId: activityTargets.groupId,
        })
        .from(activityTargets)
        .where(inArray(activityTargets.activityId, ids));
    },
    async insertActivity(tx: Db, row: typeof activities.$inferInsert): Promise<ActivityRow> {
      const [inserted] = await tx.insert(activities).values(row).returning();
      return inserted!;
    },
    async insertTargets(tx: Db, rows: Array<typeof activityTargets.$inferInsert>) {
      if (rows.length > 0) await tx.insert(activityTargets).values(rows);
    },
    async updateActivity(tx: Db, id: string, values: Partial<typeof activities.$inferInsert>): Promise<ActivityRow> {
      const [row] = await tx.update(activities).set(values).where(eq(activities.id, id)).returning();
      return row!;
    },
    async deleteActivity(tx: Db, id: string) {
      await tx.delete(activityMentions).where(eq(activityMentions.activityId, id));
      await tx.delete(activities).where(eq(activities.id, id));
    },
    async replyIdsOf(tx: Db, activityId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: activityReplies.id })
        .from(activityReplies)
        .where(eq(activityReplies.activityId, activityId));
      return rows.map((r) => r.id);
    },

    // Tags
    async tagsByIds(networkId: string, ids: string[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(tags)
        .where(and(eq(tags.networkId, networkId), inArray(tags.id, ids)));
    },
    async tagsByNames(networkId: string, names: string[], tx: Db = db) {
      if (names.length === 0) return [];
      return tx
        .select()
        .from(tags)
        .where(
          and(
            eq(tags.networkId, networkId),
            inArray(
              sql`lower(${tags.name})`,
              names.map((n) => n.toLowerCase()),
            ),
          ),
        );
    },
    async insertTags(tx: Db, networkId: string, names: string[]) {
      if (names.length === 0) return;
      await tx
        .insert(tags)
        .values(names.map((name) => ({ networkId, name })))
        .onConflictDoNothing();
    },
    async setTaggings(tx: Db, networkId: string, activityId: string, tagIds: string[]) {
      await tx.delete(activityTaggings).where(eq(activityTaggings.activityId, activityId));
      if (tagIds.length > 0) {
        await tx
          .insert(activityTaggings)
          .values(tagIds.map((tagId, position) => ({ activityId, tagId, networkId, position })));
      }
    },
    async taggingsOf(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ activityId: activityTaggings.activityId, id: tags.id, name: tags.name })
        .from(activityTaggings)
        .innerJoin(tags, eq(tags.id, activityTaggings.tagId))
        .where(inArray(activityTaggings.activityId, ids))
        .orderBy(asc(activityTaggings.position));
    },
    /**
     * Tags whose names begin with `q` (any case), by name: those not used yet, and those used on
     * an activity of the scope the member reads (a tag only used where they cannot read stays
     * unknown to them).
     */
    async findTags(networkId: string, q: string, parentIds: string[] | null, scope: TargetScope, limit: number) {
      const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const conditions: SQL[] = [eq(tags.networkId, networkId), sql`lower(${tags.name}) like ${`${escaped}%`}`];
      if (parentIds) conditions.push(parentIds.length > 0 ? inArray(tags.parentId, parentIds) : sql`false`);
      const readable = scopeCondition(scope);
      conditions.push(
        or(
          sql`not exists (select 1 from ${activityTaggings} where ${activityTaggings.tagId} = ${tags.id})`,
          ...(readable
            ? [
                sql`exists (select 1 from ${activityTaggings} join ${activityTargets} on ${activityTargets.activityId} = ${activityTaggings.activityId} where ${activityTaggings.tagId} = ${tags.id} and ${readable})`,
              ]
            : []),
        )!,
      );
      return db
        .select()
        .from(tags)
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${tags.name})`))
        .limit(limit);
    },

    // Mentions
    async setMentions(tx: Db, networkId: string, activityId: string, subjectId: string, memberIds: string[]) {
      await tx.delete(activityMentions).where(eq(activityMentions.subjectId, subjectId));
      if (memberIds.length > 0) {
        await tx
          .insert(activityMentions)
          .values(
            memberIds.map((membershipId, position) => ({ subjectId, activityId, membershipId, networkId, position })),
          );
      }
    },
    async mentionsOf(subjectIds: string[]) {
      if (subjectIds.length === 0) return [];
      return db
        .select({ subjectId: activityMentions.subjectId, membershipId: activityMentions.membershipId })
        .from(activityMentions)
        .where(inArray(activityMentions.subjectId, subjectIds))
        .orderBy(asc(activityMentions.position));
    },

    // Replies
    async replyById(activityId: string, id: string, tx: Db = db): Promise<ActivityReplyRow | undefined> {
      const [row] = await tx
        .select()
        .from(activityReplies)
        .where(and(eq(activityReplies.activityId, activityId), eq(activityReplies.id, id)));
      return row;
    },
    async repliesByIds(ids: string[]): Promise<ActivityReplyRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(activityReplies).where(inArray(activityReplies.id, ids));
    },
    async replies(activityId: string, type: 'replies' | 'answers', after: string | undefined, limit: number) {
      const conditions: SQL[] = [eq(activityReplies.activityId, activityId), eq(activityReplies.type, type)];
      if (after) conditions.push(gt(activityReplies.id, after));
      return db
        .select()
        .from(activityReplies)
        .where(and(...conditions))
        .orderBy(asc(activityReplies.id))
        .limit(limit);
    },
    /** The newest replies and answers of each activity, oldest first: one query. */
    async latestReplies(activityIds: string[], perActivity: number): Promise<ActivityReplyRow[]> {
      if (activityIds.length === 0) return [];
      const ranked = db
        .select({
          id: activityReplies.id,
          rank: sql<number>`row_number() over (partition by ${activityReplies.activityId} order by ${activityReplies.id} desc)`.as(
            'rank',
          ),
        })
        .from(activityReplies)
        .where(inArray(activityReplies.activityId, activityIds))
        .as('ranked');
      const ids = await db
        .select({ id: ranked.id })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perActivity}`);
      if (ids.length === 0) return [];
      return db
        .select()
        .from(activityReplies)
        .where(
          inArray(
            activityReplies.id,
            ids.map((r) => r.id),
          ),
        )
        .orderBy(asc(activityReplies.id));
    },
    async insertReply(tx: Db, row: typeof activityReplies.$inferInsert): Promise<ActivityReplyRow> {
      const [inserted] = await tx.insert(activityReplies).values(row).returning();
      return inserted!;
    },
    async updateReply(tx: Db, id: string, values: Partial<typeof activityReplies.$inferInsert>) {
      const [row] = await tx.update(activityReplies).set(values).where(eq(activityReplies.id, id)).returning();
      return row!;
    },
    async deleteReply(tx: Db, reply: ActivityReplyRow) {
      await tx.delete(activityMentions).where(eq(activityMentions.subjectId, reply.id));
      await tx.delete(activityLikes).where(eq(activityLikes.subjectId, reply.id));
      await tx.delete(activityReplies).where(eq(activityReplies.id, reply.id));
      const column = reply.type === 'answers' ? activities.answerCount : activities.replyCount;
      await tx
        .update(activities)
        .set({ [reply.type === 'answers' ? 'answerCount' : 'replyCount']: sql`greatest(${column} - 1, 0)` })
        .where(eq(activities.id, reply.activityId));
    },
    async countReply(tx: Db, activityId: string, type: 'replies' | 'answers') {
      const column = type === 'answers' ? activities.answerCount : activities.replyCount;
      await tx
        .update(activities)
        .set({ [type === 'answers' ? 'answerCount' : 'replyCount']: sql`${column} + 1` })
        .where(eq(activities.id, activityId));
    },

    // Likes
    /** Adds a like; false when the member liked it already. */
    async like(tx: Db, row: typeof activityLikes.$inferInsert): Promise<boolean> {
      const inserted = await tx
        .insert(activityLikes)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: activityLikes.id });
      if (inserted.length === 0) return false;
      await adjustLikes(tx, row.activityId, row.replyId ?? null, 1);
      return true;
    },
    async unlike(tx: Db, activityId: string, replyId: string | null, membershipId: string): Promise<boolean> {
      const removed = await tx
        .delete(activityLikes)
        .where(and(eq(activityLikes.subjectId, replyId ?? activityId), eq(activityLikes.membershipId, membershipId)))
        .returning({ id: activityLikes.id });
      if (removed.length === 0) return false;
      await adjustLikes(tx, activityId, replyId, -1);
      return true;
    },
    async likedAmong(membershipId: string, subjectIds: string[]): Promise<Set<string>> {
      if (subjectIds.length === 0) return new Set();
      const rows = await db
        .select({ id: activityLikes.subjectId })
        .from(activityLikes)
        .where(and(eq(activityLikes.membershipId, membershipId), inArray(activityLikes.subjectId, subjectIds)));
      return new Set(rows.map((r) => r.id));
    },
    /** A member's likes of activities, newest first, keyed by the like's id. */
    async likesOf(membershipId: string, before: string | undefined, limit: number) {
      const conditions: SQL[] = [eq(activityLikes.membershipId, membershipId), isNull(activityLikes.replyId)];
      if (before) conditions.push(lt(activityLikes.id, before));
      return db
        .select({ id: activityLikes.id, activityId: activityLikes.activityId })
        .from(activityLikes)
        .where(and(...conditions))
        .orderBy(desc(activityLikes.id))
        .limit(limit);
    },

    // Reads and unread counts
    async reads(membershipId: string): Promise<Map<string, Date>> {
      const rows = await db
        .select({ streamId: activitystreamReads.streamId, readAt: activitystreamReads.readAt })
        .from(activitystreamReads)
        .where(eq(activitystreamReads.membershipId, membershipId));
      return new Map(rows.map((r) => [r.streamId, r.readAt]));
    },
    async markRead(tx: Db, networkId: string, membershipId: string, streamId: string, at: Date) {
      await tx
        .insert(activitystreamReads)
        .values({ networkId, membershipId, streamId, readAt: at })
        .onConflictDoUpdate({
          target: [activitystreamReads.membershipId, activitystreamReads.streamId],
          set: { readAt: at },
        });
    },
    /**
     * Per stream, the activities after its boundary id that others posted, counted up to `cap`:
     * one statement however many streams.
     */
    async unreadPerStream(
      membershipId: string,
      streams: Array<{ id: string; after: string }>,
      cap: number,
    ): Promise<Map<string, number>> {
      if (streams.length === 0) return new Map();
      const values = sql.join(
        streams.map((s) => sql`(${s.id}, ${s.after})`),
        sql`, `,
      );
      const result = (await db.execute(sql`
        select s.id, (
          select count(*)::int from (
            select 1 from ${activityTargets} t
            where t.stream_id = s.id and t.activity_id > s.after and t.actor_id is distinct from ${membershipId}
            limit ${cap}
          ) x
        ) as n
        from (values ${values}) as s(id, after)
      `)) as unknown as { rows: Array<{ id: string; n: number }> };
      return new Map(result.rows.map((r) => [r.id, Number(r.n)]));
    },
    /** The number of activities in each of some groups' streams (a group's stream id is its id): one statement. */
    async groupStreamCounts(networkId: string, groupIds: string[]): Promise<Map<string, number>> {
      if (groupIds.length === 0) return new Map();
      const t = activityTargets;
      const rows = await db
        .select({ id: t.streamId, n: sql<number>`count(*)::int` })
        .from(t)
        .where(and(eq(t.networkId, networkId), inArray(t.streamId, [...new Set(groupIds)])))
        .groupBy(t.streamId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
    /** Distinct unread activities of a scope after a boundary id, up to `cap`. */
    async unreadInScope(networkId: string, membershipId: string, scope: TargetScope, after: string, cap: number) {
      const condition = scopeCondition(scope);
      if (!condition) return 0;
      const t = activityTargets;
      const inner = db
        .selectDistinct({ id: t.activityId })
        .from(t)
        .where(
          and(
            eq(t.networkId, networkId),
            condition,
            gt(t.activityId, after),
            sql`${t.actorId} is distinct from ${membershipId}`,
          ),
        )
        .limit(cap)
        .as('unread');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
      return Number(row?.n ?? 0);
    },
  };

  async function adjustLikes(tx: Db, activityId: string, replyId: string | null, by: number) {
    if (replyId) {
      await tx
        .update(activityReplies)
        .set({ likeCount: sql`greatest(${activityReplies.likeCount} + ${by}, 0)` })
        .where(eq(activityReplies.id, replyId));
    } else {
      await tx
        .update(activities)
        .set({ likeCount: sql`greatest(${activities.likeCount} + ${by}, 0)` })
        .where(eq(activities.id, activityId));
    }
  }
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
