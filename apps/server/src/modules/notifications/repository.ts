import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { notifications } from './tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export function createNotificationsRepository(db: Db) {
  const ofRecipient = (networkId: string, recipientId: string) =>
    and(eq(notifications.networkId, networkId), eq(notifications.recipientId, recipientId));

  return {
    /** In the caller's transaction when given one (an event processor's). */
    async insertMany(rows: NewNotificationRow[], tx: Db = db): Promise<NotificationRow[]> {
      return rows.length ? tx.insert(notifications).values(rows).returning() : [];
    },
    page(networkId: string, recipientId: string, limit: number, offset: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(ofRecipient(networkId, recipientId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },
    async counts(networkId: string, recipientId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
        })
        .from(notifications)
        .where(ofRecipient(networkId, recipientId));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },
    async unreadCount(networkId: string, recipientId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(ofRecipient(networkId, recipientId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    /** Unread counts of several members in one query; members without any are missing. */
    async unreadCounts(networkId: string, recipientIds: string[]): Promise<Map<string, number>> {
      if (recipientIds.length === 0) return new Map();
      const rows = await db
        .select({ recipientId: notifications.recipientId, n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(
          and(
            eq(notifications.networkId, networkId),
            inArray(notifications.recipientId, recipientIds),
            isNull(notifications.readAt),
          ),
        )
        .groupBy(notifications.recipientId);
      return new Map(rows.map((r) => [r.recipientId, r.n]));
    },
    findMany(networkId: string, ids: string[]): Promise<NotificationRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.networkId, networkId), inArray(notifications.id, ids)));
    },
    async find(networkId: string, recipientId: string, id: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(ofRecipient(networkId, recipientId), eq(notifications.id, id)))
        .limit(1);
      return row;
    },
    /** Marks one read; undefined when it was read already (or is not the member's). */
    async markRead(networkId: string, recipientId: string, id: string, at: Date): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(ofRecipient(networkId, recipientId), eq(notifications.id, id), isNull(notifications.readAt)))
        .returning();
      return row;
    },
    /** Marks the member's unread notifications about these subjects read; their ids. */
    async markReadAbout(
      networkId: string,
      recipientId: string,
      subjectType: string,
      subjectIds: string[],
      at: Date,
      tx: Db = db,
    ): Promise<string[]> {
      if (subjectIds.length === 0) return [];
      const rows = await tx
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            ofRecipient(networkId, recipientId),
            eq(notifications.subjectType, subjectType),
            inArray(notifications.subjectId, subjectIds),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },
    /** Marks every unread one read; how many that were. */
    async markAllRead(networkId: string, recipientId: string, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(ofRecipient(networkId, recipientId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
