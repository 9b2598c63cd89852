import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import {
  directMessageAttachments,
  directMessageGroups,
  directMessageRecipients,
  directMessages,
  type DirectMessageRow,
} from './tables.ts';

export type RecipientCopy = { readAt: Date | null };
/** A message as one member sees it: their copy when they received it, whether they wrote it. */
export type ViewedMessage = { message: DirectMessageRow; copy: RecipientCopy | null };

/** The viewer's own live copy of a message: received and not deleted. */
const receivedBy = (membershipId: string) =>
  sql`exists (select 1 from ${directMessageRecipients} r where r.message_id = ${directMessages.id} and r.membership_id = ${membershipId} and r.deleted_at is null)`;
/** Written by the viewer and still in their sent list. */
const sentBy = (membershipId: string) =>
  and(eq(directMessages.authorId, membershipId), isNull(directMessages.senderDeletedAt))!;

export function createMessagesRepository(db: Db) {
  /** Messages the member may read (received or sent, not deleted), with their copy. */
  async function readable(networkId: string, membershipId: string, ids: string[], tx: Db = db) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        message: directMessages,
        readAt: directMessageRecipients.readAt,
        copyId: directMessageRecipients.messageId,
      })
      .from(directMessages)
      .leftJoin(
        directMessageRecipients,
        and(
          eq(directMessageRecipients.messageId, directMessages.id),
          eq(directMessageRecipients.membershipId, membershipId),
          isNull(directMessageRecipients.deletedAt),
        ),
      )
      .where(
        and(
          eq(directMessages.networkId, networkId),
          inArray(directMessages.id, ids),
          or(sql`${directMessageRecipients.messageId} is not null`, sentBy(membershipId)),
        ),
      );
    return rows.map((r): ViewedMessage => ({ message: r.message, copy: r.copyId ? { readAt: r.readAt } : null }));
  }

  return {
    readable,

    async insertMessage(row: typeof directMessages.$inferInsert, tx: Db) {
      const [inserted] = await tx.insert(directMessages).values(row).returning();
      return inserted!;
    },
    async insertRecipients(rows: Array<typeof directMessageRecipients.$inferInsert>, tx: Db) {
      if (rows.length > 0) await tx.insert(directMessageRecipients).values(rows).onConflictDoNothing();
    },
    async insertGroups(rows: Array<typeof directMessageGroups.$inferInsert>, tx: Db) {
      if (rows.length > 0) await tx.insert(directMessageGroups).values(rows).onConflictDoNothing();
    },
    async insertAttachments(rows: Array<typeof directMessageAttachments.$inferInsert>, tx: Db) {
      if (rows.length > 0) await tx.insert(directMessageAttachments).values(rows).onConflictDoNothing();
    },

    /**
     * Writes recipient rows for the members a subquery names (a group's, or all of the network),
     * in one statement, skipping the author and members who have a copy already.
     */
    async expandRecipients(tx: Db, message: DirectMessageRow, members: SQL, viaGroupId: string | null): Promise<void> {
      await tx.execute(sql`
        insert into ${directMessageRecipients} (message_id, membership_id, network_id, via_group_id, created_at)
        select ${message.id}, m.id, ${message.networkId}, ${viaGroupId}, ${message.createdAt.toISOString()}::timestamptz
        from (${members}) m
        where m.id <> ${message.authorId}
        on conflict do nothing`);
    },

    /** Counts the message's recipients into `to_count` and marks the expansion done. */
    async finishExpansion(tx: Db, messageId: string): Promise<number> {
      const [row] = await tx
        .update(directMessages)
        .set({
          toCount: sql`(select count(*)::int from ${directMessageRecipients} where message_id = ${messageId})`,
          expandedAt: sql`coalesce(${directMessages.expandedAt}, now())`,
        })
        .where(eq(directMessages.id, messageId))
        .returning({ toCount: directMessages.toCount });
      return row?.toCount ?? 0;
    },

    async setAttachmentCount(tx: Db, id: string, n: number): Promise<void> {
      await tx.update(directMessages).set({ attachmentCount: n }).where(eq(directMessages.id, id));
    },

    async byId(networkId: string, id: string, tx: Db = db): Promise<DirectMessageRow | undefined> {
      const [row] = await tx
        .select()
        .from(directMessages)
        .where(and(eq(directMessages.networkId, networkId), eq(directMessages.id, id)))
        .limit(1);
      return row;
    },

    /** The ids a subquery of members names. */
    async idsOf(members: SQL): Promise<string[]> {
      const { rows } = (await db.execute(sql`select id from (${members}) m`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      return rows.map((r) => r.id);
    },

    async recipientIds(messageId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .select({ id: directMessageRecipients.membershipId })
        .from(directMessageRecipients)
        .where(eq(directMessageRecipients.messageId, messageId));
      return rows.map((r) => r.id);
    },

    /** A page of the member's inbox, newest first, with the total (optionally sent to a group). */
    async inbox(membershipId: string, limit: number, offset: number, groupId?: string) {
      // A membership belongs to one network: its copies need no network condition, which would
      // make the count read every row instead of the inbox index alone.
      const conditions: SQL[] = [
        eq(directMessageRecipients.membershipId, membershipId),
        isNull(directMessageRecipients.deletedAt),
      ];
      if (groupId) {
        conditions.push(
          sql`exists (select 1 from ${directMessageGroups} g where g.message_id = ${directMessageRecipients.messageId} and g.group_id = ${groupId})`,
        );
      }
      const where = and(...conditions);
      // The page's ids first, in the inbox index's order (its NULLS LAST included, so that the
      // index gives the order), then those messages alone: page 500 reads 5,000 index entries,
      // not 5,000 messages.
      const pageIds = db
        .select({ id: directMessageRecipients.messageId })
        .from(directMessageRecipients)
        .where(where)
        .orderBy(
          sql`${directMessageRecipients.createdAt} desc nulls last`,
          sql`${directMessageRecipients.messageId} desc nulls last`,
        )
        .limit(limit)
        .offset(offset);
      const [page, [total]] = await Promise.all([
        db
          .select({ message: directMessages, readAt: directMessageRecipients.readAt })
          .from(directMessageRecipients)
          .innerJoin(directMessages, eq(directMessages.id, directMessageRecipients.messageId))
          .where(
            and(
              eq(directMessageRecipients.membershipId, membershipId),
              inArray(directMessageRecipients.messageId, pageIds),
            ),
          )
          .orderBy(desc(directMessageRecipients.createdAt), desc(directMessageRecipients.messageId)),
        db.select({ n: count() }).from(directMessageRecipients).where(where),
      ]);
      return {
        rows: page.map((r): ViewedMessage => ({ message: r.message, copy: { readAt: r.readAt } })),
        total: total?.n ?? 0,
      };
    },

    /** A page of the member's sent list, newest first, with the total (optionally sent to a group). */
    async sent(networkId: string, membershipId: string, limit: number, offset: number, groupId?: string) {
      const conditions: SQL[] = [eq(directMessages.networkId, networkId), sentBy(membershipId)];
      if (groupId) {
        conditions.push(
          sql`exists (select 1 from ${directMessageGroups} g where g.message_id = ${directMessages.id} and g.group_id = ${groupId})`,
        );
      }
      const where = and(...conditions);
      const [page, [total]] = await Promise.all([
        db
          .select()
          .from(directMessages)
          .where(where)
          // As the sent list's index orders (NULLS LAST included), so that it gives the order.
          .orderBy(sql`${directMessages.createdAt} desc nulls last`, sql`${directMessages.id} desc nulls last`)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(directMessages).where(where),
      ]);
      return { rows: page.map((message): ViewedMessage => ({ message, copy: null })), total: total?.n ?? 0 };
    },

    /** The messages of a conversation the member may read, newest first. */
    async conversation(networkId: string, membershipId: string, starterId: string, limit: number) {
      const rows = await db
        .select()
        .from(directMessages)
        .where(
          and(
            eq(directMessages.networkId, networkId),
            eq(directMessages.conversationStarterId, starterId),
            or(receivedBy(membershipId), sentBy(membershipId)),
          ),
        )
        .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
        .limit(limit);
      return rows;
    },

    /** Per conversation, the messages of it the member may read. */
    async conversationLengths(
      networkId: string,
      membershipId: string,
      starterIds: string[],
    ): Promise<Map<string, number>> {
      if (starterIds.length === 0) return new Map();
      const rows = await db
        .select({ id: directMessages.conversationStarterId, n: count() })
        .from(directMessages)
        .where(
          and(
            eq(directMessages.networkId, networkId),
            inArray(directMessages.conversationStarterId, starterIds),
            or(receivedBy(membershipId), sentBy(membershipId)),
          ),
        )
        .groupBy(directMessages.conversationStarterId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** Of some messages, those answered by a later message of their conversation the member may read. */
    async answered(membershipId: string, messages: DirectMessageRow[]): Promise<Set<string>> {
      if (messages.length === 0) return new Set();
      const ids = messages.map((m) => m.id);
      const later = sql`exists (select 1 from ${directMessages} later
        where later.conversation_starter_id = ${directMessages.conversationStarterId}
          and later.id <> ${directMessages.id} and later.created_at >= ${directMessages.createdAt}
          and ((later.author_id = ${membershipId} and later.sender_deleted_at is null)
            or exists (select 1 from ${directMessageRecipients} r
              where r.message_id = later.id and r.membership_id = ${membershipId} and r.deleted_at is null)))`;
      const rows = await db
        .select({ id: directMessages.id })
        .from(directMessages)
        .where(and(inArray(directMessages.id, ids), later));
      return new Set(rows.map((r) => r.id));
    },

    /** The first named recipients of some messages, in the order they were written. */
    async namedRecipients(messageIds: string[], limit: number): Promise<Map<string, string[]>> {
      if (messageIds.length === 0) return new Map();
      const rows = await db
        .select({ messageId: directMessageRecipients.messageId, id: directMessageRecipients.membershipId })
        .from(directMessageRecipients)
        .where(and(inArray(directMessageRecipients.messageId, messageIds), isNull(directMessageRecipients.viaGroupId)))
        .orderBy(asc(directMessageRecipients.messageId));
      const result = new Map<string, string[]>();
      for (const r of rows) {
        const list = result.get(r.messageId) ?? [];
        if (list.length < limit) list.push(r.id);
        result.set(r.messageId, list);
      }
      return result;
    },

    async groupsOf(messageIds: string[]) {
      if (messageIds.length === 0) return [];
      return db.select().from(directMessageGroups).where(inArray(directMessageGroups.messageId, messageIds));
    },

    async attachmentsOf(messageIds: string[]) {
      if (messageIds.length === 0) return [];
      return db
        .select()
        .from(directMessageAttachments)
        .where(inArray(directMessageAttachments.messageId, messageIds))
        .orderBy(asc(directMessageAttachments.position));
    },

    /** Of some uploads, those attached to a message the member may read, with the message owning each. */
    async forwardable(networkId: string, membershipId: string, objectIds: string[], tx: Db = db) {
      if (objectIds.length === 0) return new Map<string, string>();
      const rows = await tx
        .select({ objectId: directMessageAttachments.objectId, owner: directMessageAttachments.ownerMessageId })
        .from(directMessageAttachments)
        .innerJoin(directMessages, eq(directMessages.id, directMessageAttachments.messageId))
        .where(
          and(
            eq(directMessages.networkId, networkId),
            inArray(directMessageAttachments.objectId, objectIds),
            or(receivedBy(membershipId), sentBy(membershipId)),
          ),
        );
      return new Map(rows.map((r) => [r.objectId, r.owner]));
    },

    /** Of some owning messages, those with an upload the member may read (through any message carrying it). */
    async readableOwners(networkId: string, membershipId: string, ownerIds: string[]): Promise<Set<string>> {
      if (ownerIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: directMessageAttachments.ownerMessageId })
        .from(directMessageAttachments)
        .innerJoin(directMessages, eq(directMessages.id, directMessageAttachments.messageId))
        .where(
          and(
            eq(directMessages.networkId, networkId),
            inArray(directMessageAttachments.ownerMessageId, ownerIds),
            or(receivedBy(membershipId), sentBy(membershipId)),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** The people of a conversation the member may read (authors and named recipients), among some. */
    async conversationPeople(
      networkId: string,
      membershipId: string,
      starterId: string,
      candidateIds: string[],
    ): Promise<Set<string>> {
      if (candidateIds.length === 0) return new Set();
      const visible = db
        .select({ id: directMessages.id })
        .from(directMessages)
        .where(
          and(
            eq(directMessages.networkId, networkId),
            eq(directMessages.conversationStarterId, starterId),
            or(receivedBy(membershipId), sentBy(membershipId)),
          ),
        );
      const [authors, recipients] = await Promise.all([
        db
          .selectDistinct({ id: directMessages.authorId })
          .from(directMessages)
          .where(and(inArray(directMessages.id, visible), inArray(directMessages.authorId, candidateIds))),
        db
          .selectDistinct({ id: directMessageRecipients.membershipId })
          .from(directMessageRecipients)
          .where(
            and(
              inArray(directMessageRecipients.messageId, visible),
              inArray(directMessageRecipients.membershipId, candidateIds),
              isNull(directMessageRecipients.viaGroupId),
            ),
          ),
      ]);
      return new Set([...authors, ...recipients].map((r) => r.id));
    },

    /** Marks the member's copies read or unread; answers the ids that changed. */
    async setRead(tx: Db, membershipId: string, ids: string[], read: boolean): Promise<string[]> {
      const rows = await tx
        .update(directMessageRecipients)
        .set({ readAt: read ? sql`now()` : null })
        .where(
          and(
            eq(directMessageRecipients.membershipId, membershipId),
            inArray(directMessageRecipients.messageId, ids),
            isNull(directMessageRecipients.deletedAt),
            read ? isNull(directMessageRecipients.readAt) : sql`${directMessageRecipients.readAt} is not null`,
          ),
        )
        .returning({ id: directMessageRecipients.messageId });
      return rows.map((r) => r.id);
    },

    async deleteReceived(tx: Db, membershipId: string, ids: string[]): Promise<string[]> {
      const rows = await tx
        .update(directMessageRecipients)
        .set({ deletedAt: sql`now()` })
        .where(
          and(
            eq(directMessageRecipients.membershipId, membershipId),
            inArray(directMessageRecipients.messageId, ids),
            isNull(directMessageRecipients.deletedAt),
          ),
        )
        .returning({ id: directMessageRecipients.messageId });
      return rows.map((r) => r.id);
    },

    async deleteSent(tx: Db, networkId: string, membershipId: string, ids: string[]): Promise<string[]> {
      const rows = await tx
        .update(directMessages)
        .set({ senderDeletedAt: sql`now()` })
        .where(and(eq(directMessages.networkId, networkId), inArray(directMessages.id, ids), sentBy(membershipId)))
        .returning({ id: directMessages.id });
      return rows.map((r) => r.id);
    },

    /** Received copies not read and not deleted, per member. */
    async unreadCounts(networkId: string, membershipIds: string[]): Promise<Map<string, number>> {
      if (membershipIds.length === 0) return new Map();
      const rows = await db
        .select({ id: directMessageRecipients.membershipId, n: count() })
        .from(directMessageRecipients)
        .where(
          and(
            inArray(directMessageRecipients.membershipId, membershipIds),
            eq(directMessageRecipients.networkId, networkId),
            isNull(directMessageRecipients.deletedAt),
            isNull(directMessageRecipients.readAt),
          ),
        )
        .groupBy(directMessageRecipients.membershipId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
