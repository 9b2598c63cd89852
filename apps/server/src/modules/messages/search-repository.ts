import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { directMessageRecipients, directMessages, type DirectMessageRow } from './tables.ts';

/** The queries that describe messages to the search index. */
export function createMessageSearchRepository(db: Db) {
  return {
    async byIds(networkId: string, ids: string[]): Promise<DirectMessageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(directMessages)
        .where(and(eq(directMessages.networkId, networkId), inArray(directMessages.id, ids)));
    },

    /** A network's messages in id order after `afterId` (a full reindex's page). */
    async page(networkId: string, afterId: string | null, limit: number): Promise<DirectMessageRow[]> {
      return db
        .select()
        .from(directMessages)
        .where(and(eq(directMessages.networkId, networkId), afterId ? gt(directMessages.id, afterId) : undefined))
        .orderBy(asc(directMessages.id))
        .limit(limit);
    },

    /** Per message, the members who still hold a received copy (not deleted). */
    async copyHolders(messageIds: string[]): Promise<Map<string, string[]>> {
      if (messageIds.length === 0) return new Map();
      const rows = await db
        .select({ messageId: directMessageRecipients.messageId, id: directMessageRecipients.membershipId })
        .from(directMessageRecipients)
        .where(and(inArray(directMessageRecipients.messageId, messageIds), isNull(directMessageRecipients.deletedAt)));
      const holders = new Map<string, string[]>();
      for (const r of rows) {
        const list = holders.get(r.messageId);
        if (list) list.push(r.id);
        else holders.set(r.messageId, [r.id]);
      }
      return holders;
    },
  };
}

export type MessageSearchRepository = ReturnType<typeof createMessageSearchRepository>;
