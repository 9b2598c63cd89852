import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
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
 * The lowest id of a row made at or after `at`, the first of one made after `at` being
 * `idBound(at + 1 s)`: ids begin with their creation second (`newId`), posts' with the time they
 * are dated, so a window of time is a range of the primary key or the targets' network index.
 */
function idBound(at: Date): string {
  return Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0')
    .padEnd(24, '0');
}

/**
 * The posts of a time window for digest mails, whatever the number of recipients or groups: the
 * new posts of the scope from the targets' network index, the posts replied to from the replies'
 * id range, the posts edited (a scan of the network's posts, for the daily mail's
 * `new_and_updated` only), then the posts, their targets and the window's replies. Readability per
 * recipient (their groups, the network level) is the caller's, by the targets.
 */
export function createActivityDigest(db: Db) {
  /** Ids of the scope's posts written in the window, the newest first. */
  async function newIds(query: DigestQuery, scope: SQL): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: activityTargets.activityId })
      .from(activityTargets)
      .where(
        and(
          eq(activityTargets.networkId, query.networkId),
          gt(activityTargets.activityId, idBound(query.since)),
          lt(activityTargets.activityId, idBound(new Date(query.until.getTime() + 1000))),
          scope,
        ),
      )
      .orderBy(desc(activityTargets.activityId))
      .limit(query.limit);
    return rows.map((r) => r.id);
  }

  /** Ids of the network's posts replied to in the window. */
  async function repliedIds(query: DigestQuery): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: activityReplies.activityId })
      .from(activityReplies)
      .where(
        and(
          gt(activityReplies.id, idBound(query.since)),
          lt(activityReplies.id, idBound(new Date(query.until.getTime() + 1000))),
          eq(activityReplies.networkId, query.networkId),
          gt(activityReplies.createdAt, query.since),
          lte(activityReplies.createdAt, query.until),
        ),
      )
      .orderBy(desc(activityReplies.activityId))
      .limit(query.limit);
    return rows.map((r) => r.id);
  }

  /** Ids of the network's posts edited in the window. */
  async function editedIds(query: DigestQuery): Promise<string[]> {
    const rows = await db
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(
          eq(activities.networkId, query.networkId),
          gt(activities.editedAt, query.since),
          lte(activities.editedAt, query.until),
        ),
      )
      .orderBy(desc(activities.id))
      .limit(query.limit);
    return rows.map((r) => r.id);
  }

  return {
    async digestPosts(query: DigestQuery): Promise<DigestPost[]> {
      const { since, until } = query;
      const parts: SQL[] = [];
      if (query.network) parts.push(isNull(activityTargets.groupId));
      if (query.groupIds.length > 0) parts.push(inArray(activityTargets.groupId, [...new Set(query.groupIds)]));
      if (parts.length === 0 || query.limit <= 0) return [];
      const groupIds = new Set(query.groupIds);
      const inScope = (t: Target) => (t.groupId === null ? query.network : groupIds.has(t.groupId));
      const found = await Promise.all([
        newIds(query, parts.length === 1 ? parts[0]! : or(...parts)!),
        query.replied ? repliedIds(query) : Promise.resolve([]),
        query.edited ? editedIds(query) : Promise.resolve([]),
      ]);
      const ids = [...new Set(found.flat())];
      if (ids.length === 0) return [];
      const [rows, targetRows, replyRows] = await Promise.all([
        db
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
              inArray(activities.id, ids),
              lte(activities.createdAt, until),
            ),
          )
          .orderBy(desc(activities.createdAt), desc(activities.id)),
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
      return rows
        .filter((row) => (targets.get(row.id) ?? []).some(inScope))
        .slice(0, query.limit)
        .map((row) => ({ ...row, targets: targets.get(row.id) ?? [], replies: replies.get(row.id) ?? [] }));
    },
  };
}
