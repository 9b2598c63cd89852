import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { activities, activityReplies, circularLetters, type ActivityRow } from './tables.ts';

/** The queries that describe activities to the search index. */
export function createActivitySearchRepository(db: Db) {
  return {
    /** A network's activities in id order after `afterId` (a full reindex's page). */
    async page(networkId: string, afterId: string | null, limit: number): Promise<ActivityRow[]> {
      return db
        .select()
        .from(activities)
        .where(and(eq(activities.networkId, networkId), afterId ? gt(activities.id, afterId) : undefined))
        .orderBy(asc(activities.id))
        .limit(limit);
    },

    /**
     * The replies' and answers' texts of some activities, oldest first, each activity's cut where
     * its texts pass `maxChars`: one query whatever the number of replies, bounded in size.
     */
    async replyTexts(activityIds: string[], maxChars: number): Promise<Map<string, string[]>> {
      if (activityIds.length === 0) return new Map();
      const r = activityReplies;
      const running = db
        .select({
          activityId: r.activityId,
          id: r.id,
          text: sql<string>`left(${r.plainContent}, ${maxChars})`.as('text'),
          before:
            sql<number>`coalesce(sum(length(${r.plainContent})) over (partition by ${r.activityId} order by ${r.id} rows between unbounded preceding and 1 preceding), 0)`.as(
              'before',
            ),
        })
        .from(r)
        .where(inArray(r.activityId, activityIds))
        .as('running');
      const rows = await db
        .select({ activityId: running.activityId, text: running.text })
        .from(running)
        .where(sql`${running.before} < ${maxChars}`)
        .orderBy(asc(running.activityId), asc(running.id));
      const texts = new Map<string, string[]>();
      for (const row of rows) {
        const list = texts.get(row.activityId);
        if (list) list.push(row.text);
        else texts.set(row.activityId, [row.text]);
      }
      return texts;
    },

    /** The subjects of the circular letters among some activities. */
    async letterSubjects(activityIds: string[]): Promise<Map<string, string>> {
      if (activityIds.length === 0) return new Map();
      const rows = await db
        .select({ id: circularLetters.activityId, subject: circularLetters.subject })
        .from(circularLetters)
        .where(inArray(circularLetters.activityId, activityIds));
      return new Map(rows.map((r) => [r.id, r.subject]));
    },
  };
}

export type ActivitySearchRepository = ReturnType<typeof createActivitySearchRepository>;
