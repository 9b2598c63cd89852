import { and, asc, desc, eq, exists, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Target } from './access.ts';
import { activities, activityReplies, activityTargets } from './tables.ts';

/** What a digest of a network's streams asks for, for all its recipients at once. */
export type DigestQuery = {
  networkId: string;
  /** The earliest start of any recipient's window; each recipient's own is applied by the caller. */
  since: Date;
  until: Date;
  /** Posts to the network's streams. */
  network: boolean;
  /** Posts to these groups' streams. */
  groupIds: string[];
  /** Also older posts edited in the window (`edited`) or replied to in it (`replied`), with those replies. */
  edited?: boolean;
  replied?: boolean;
  /** At most this many posts, the newest first. */
  limit: number;
};

export type DigestReply = { id: string; actorId: string | null; text: string; createdAt: Date };

export type DigestPost = {
  id: string;
  actorId: string | null;
  type: string;
  title: string | null;
  text: string;
  createdAt: Date;
  editedAt: Date | null;
  targets: Target[];
  /** Replies and answers written in the window, oldest first (only when `replied` was asked). */
  replies: DigestReply[];
};

/** A post's text in a digest: enough to recognise it, not the whole post. */
const TEXT_CHARS = 300;
/** Replies in one digest run: enough for every post listed, bounded for a busy network. */
const REPLIES_MAX = 2000;

/**
 * The posts of a time window for digest mails: one statement for the posts, one for their
 * targets, one for the replies of the window, whatever the number of recipients or groups.
 * Readability per recipient (their groups, the network level) is the caller's, by the targets.
 */
export function createActivityDigest(db: Db) {
  return {
    async digestPosts(query: DigestQuery): Promise<DigestPost[]> {
      const { since, until } = query;
      const scope: SQL[] = [];
      if (query.network) scope.push(isNull(activityTargets.groupId));
      if (query.groupIds.length > 0) scope.push(inArray(activityTargets.groupId, [...new Set(query.groupIds)]));
      if (scope.length === 0 || query.limit <= 0) return [];
      const inWindow = (column: typeof activities.createdAt | typeof activities.editedAt) =>
        and(gt(column, since), lte(column, until))!;
      const when: SQL[] = [inWindow(activities.createdAt)];
      if (query.edited) when.push(inWindow(activities.editedAt));
      if (query.replied) {
        when.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(activityReplies)
              .where(
                and(
                  eq(activityReplies.activityId, activities.id),
                  gt(activityReplies.createdAt, since),
                  lte(activityReplies.createdAt, until),
                ),
              ),
          ),
        );
      }
      const rows = await db
        .select({
          id: activities.id,
          actorId: activities.actorId,
          type: activities.type,
          title: activities.title,
          text: sql<string>`left(${activities.plainContent}, ${TEXT_CHARS})`,
          createdAt: activities.createdAt,
          editedAt: activities.editedAt,
        })
        .from(activities)
        .where(
          and(
            eq(activities.networkId, query.networkId),
            lte(activities.createdAt, until),
            or(...when),
            exists(
              db
                .select({ one: sql`1` })
                .from(activityTargets)
                .where(and(eq(activityTargets.activityId, activities.id), or(...scope))),
            ),
          ),
        )
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(query.limit);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [targetRows, replyRows] = await Promise.all([
        db
          .select({
            activityId: activityTargets.activityId,
            streamId: activityTargets.streamId,
            groupId: activityTargets.groupId,
          })
          .from(activityTargets)
          .where(inArray(activityTargets.activityId, ids)),
        query.replied
          ? db
              .select({
                id: activityReplies.id,
                activityId: activityReplies.activityId,
                actorId: activityReplies.actorId,
                text: sql<string>`left(${activityReplies.plainContent}, ${TEXT_CHARS})`,
                createdAt: activityReplies.createdAt,
              })
              .from(activityReplies)
              .where(
                and(
                  inArray(activityReplies.activityId, ids),
                  gt(activityReplies.createdAt, since),
                  lte(activityReplies.createdAt, until),
                ),
              )
              .orderBy(asc(activityReplies.createdAt), asc(activityReplies.id))
              .limit(REPLIES_MAX)
          : Promise.resolve([]),
      ]);
      const targets = new Map<string, Target[]>();
      for (const t of targetRows) {
        targets.set(t.activityId, [...(targets.get(t.activityId) ?? []), { streamId: t.streamId, groupId: t.groupId }]);
      }
      const replies = new Map<string, DigestReply[]>();
      for (const { activityId, ...reply } of replyRows) {
        replies.set(activityId, [...(replies.get(activityId) ?? []), reply]);
      }
      return rows.map((row) => ({
        ...row,
        targets: targets.get(row.id) ?? [],
        replies: replies.get(row.id) ?? [],
      }));
    },
  };
}
