import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_LIMITS } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { chatMessages, chats, chatStates } from './tables.ts';

export type ChatRow = typeof chats.$inferSelect;
export type NewChatRow = Pick<
  typeof chats.$inferInsert,
  'networkId' | 'key' | 'kind' | 'groupId' | 'memberA' | 'memberB'
>;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessageRow = typeof chatMessages.$inferInsert;
export type StateRow = typeof chatStates.$inferSelect;
export type StateKey = { chatId: string; membershipId: string; networkId: string };

/** A chat of a member's list: the chat, their state, the partner's, the last message, the unread count. */
export type ListedChatRow = {
  chat: ChatRow;
  state: StateRow | null;
  partnerState: StateRow | null;
  lastMessage: Pick<
    MessageRow,
    'id' | 'authorId' | 'text' | 'deletedAt' | 'fileCount' | 'imageCount' | 'createdAt'
  > | null;
  unread: number;
};

/** Which chats of a member a list query covers. */
export type ChatListFilter =
  | { member: string; keys: string[]; interacted: { before: Date | null; limit: number } }
  | { member: string; keys: string[]; interacted: false }
  | { member: string; key: string };

const partnerStates = alias(chatStates, 'partner_states');
const lastMessages = alias(chatMessages, 'last_messages');

/**
 * Messages after the member's read marker, by others and not deleted, counted up to the cap:
 * the unread count is derived, so a message to a big chat writes no row per member.
 */
function unreadCount(member: string, lastReadSeq: SQL): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${chatMessages} as unread_messages
    where unread_messages.chat_id = ${chats.id} and unread_messages.seq > ${lastReadSeq}
      and unread_messages.author_id <> ${member} and unread_messages.deleted_at is null
    limit ${CHAT_LIMITS.unreadCountCap}) as unread)`.mapWith(Number);
}

export function createChatRepository(db: Db) {
  // Every chat event that reads a chat reads its row, and opening one its newest page: both
  // prepared once per connection (no statement built per call, no plan made per call).
  const chatByKey = db
    .select()
    .from(chats)
    .where(and(eq(chats.networkId, sql.placeholder('networkId')), eq(chats.key, sql.placeholder('key'))))
    .limit(1)
    .prepare('chat_find_by_key');
  const newestPage = db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, sql.placeholder('chatId')))
    .orderBy(desc(chatMessages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('chat_newest_messages');

  async function findChat(networkId: string, key: string, tx: Db = db): Promise<ChatRow | undefined> {
    if (tx === db) {
      const [row] = await chatByKey.execute({ networkId, key });
      return row;
    }
    const [row] = await tx
      .select()
      .from(chats)
      .where(and(eq(chats.networkId, networkId), eq(chats.key, key)))
      .limit(1);
    return row;
  }

  return {
    findChat,

    /**
     * The chat's row, made when missing. Two processes may make it at once: the loser's insert
     * does nothing and it reads the winner's row.
     */
    async ensureChat(tx: Db, values: NewChatRow): Promise<{ row: ChatRow; created: boolean }> {
      const [inserted] = await tx.insert(chats).values(values).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, created: true };
      const row = await findChat(values.networkId, values.key, tx);
      if (!row) throw new Error(`chat ${values.key} vanished`);
      return { row, created: false };
    },

    /** Raises the chat's change counter (an edit, a deletion); the row stays locked until the commit. */
    async bumpRevision(tx: Db, chatId: string): Promise<number> {
      const [row] = await tx
        .update(chats)
        .set({ revision: sql`${chats.revision} + 1` })
        .where(eq(chats.id, chatId))
        .returning({ revision: chats.revision });
      return row!.revision;
    },

    async updateMessage(tx: Db, id: string, values: Partial<NewMessageRow>): Promise<MessageRow> {
      const [row] = await tx.update(chatMessages).set(values).where(eq(chatMessages.id, id)).returning();
      return row!;
    },

    async findMessage(chatId: string, id: string, tx: Db = db): Promise<MessageRow | undefined> {
      const [row] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, id)))
        .limit(1);
      return row;
    },

    async findByClientReference(authorId: string, clientReference: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.authorId, authorId), eq(chatMessages.clientReference, clientReference)))
        .limit(1);
      return row;
    },

    /** Some messages of a chat (those quoted by a page). */
    messagesByIds(chatId: string, ids: string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), inArray(chatMessages.id, ids)));
    },

    /** Messages by their ids, in the caller's transaction (those a batch found stored before). */
    messagesWithIds(tx: Db, ids: string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx.select().from(chatMessages).where(inArray(chatMessages.id, ids));
    },

    /** The newest messages before `beforeSeq` (all when null), oldest first. */
    async page(chatId: string, beforeSeq: number | null, limit: number): Promise<MessageRow[]> {
      if (beforeSeq === null) return (await newestPage.execute({ chatId, limit })).reverse();
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), lt(chatMessages.seq, beforeSeq)))
        .orderBy(desc(chatMessages.seq))
        .limit(limit);
      return rows.reverse();
    },

    /** The messages changed after a revision, up to `limit`, in the order they changed. */
    changedSince(chatId: string, revision: number, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.revision, revision)))
        .orderBy(asc(chatMessages.revision))
        .limit(limit);
    },

    /**
     * Moves a member's read (and with it the received) marker forward to a message; never back.
     * Answers null when neither moved (the chat opened again, an older message): nothing is
     * written then, and nobody needs to hear of it.
     */
    async markRead(tx: Db, key: StateKey, seq: number, messageId: string): Promise<StateRow | null> {
      const [row] = await tx
        .insert(chatStates)
        .values({ ...key, lastReadSeq: seq, lastReadId: messageId, lastReceivedSeq: seq, lastReceivedId: messageId })
        .onConflictDoUpdate({
          target: [chatStates.chatId, chatStates.membershipId],
          set: {
            lastReadSeq: sql`greatest(${chatStates.lastReadSeq}, excluded.last_read_seq)`,
            lastReadId: sql`case when excluded.last_read_seq > ${chatStates.lastReadSeq} then excluded.last_read_id else ${chatStates.lastReadId} end`,
            lastReceivedSeq: sql`greatest(${chatStates.lastReceivedSeq}, excluded.last_received_seq)`,
            lastReceivedId: sql`case when excluded.last_received_seq > ${chatStates.lastReceivedSeq} then excluded.last_received_id else ${chatStates.lastReceivedId} end`,
          },
          where: sql`${chatStates.lastReadSeq} < excluded.last_read_seq or ${chatStates.lastReceivedSeq} < excluded.last_received_seq`,
        })
        .returning();
      return row ?? null;
    },

    /** Moves a member's received marker forward to a message; never back. */
    async markReceived(key: StateKey, seq: number, messageId: string): Promise<StateRow> {
      const [row] = await db
        .insert(chatStates)
        .values({ ...key, lastReceivedSeq: seq, lastReceivedId: messageId })
        .onConflictDoUpdate({
          target: [chatStates.chatId, chatStates.membershipId],
          set: {
            lastReceivedSeq: sql`greatest(${chatStates.lastReceivedSeq}, excluded.last_received_seq)`,
            lastReceivedId: sql`case when excluded.last_received_seq > ${chatStates.lastReceivedSeq} then excluded.last_received_id else ${chatStates.lastReceivedId} end`,
          },
        })
        .returning();
      return row!;
    },

    async setMuted(key: StateKey, values: Pick<Partial<StateRow>, 'mutedUntil' | 'appMutedUntil'>): Promise<StateRow> {
      const [row] = await db
        .insert(chatStates)
        .values({ ...key, ...values })
        .onConflictDoUpdate({ target: [chatStates.chatId, chatStates.membershipId], set: values })
        .returning();
      return row!;
    },

    /** A member's state in a chat with its unread count, in one query. */
    async stateOf(chatId: string, member: string): Promise<{ state: StateRow | null; unread: number }> {
      const [row] = await db
        .select({ state: chatStates, unread: unreadCount(member, sql`coalesce(${chatStates.lastReadSeq}, 0)`) })
        .from(chats)
        .leftJoin(chatStates, and(eq(chatStates.chatId, chats.id), eq(chatStates.membershipId, member)))
        .where(eq(chats.id, chatId));
      return { state: row?.state ?? null, unread: row?.unread ?? 0 };
    },

    /**
     * Chats of a member with everything the list shows, in one query: their direct chats and
     * the chats named by `keys` (groups, the network), those interacted with before a time,
     * newest first, or those never interacted with; or one chat by its key.
     */
    listChats(networkId: string, filter: ChatListFilter): Promise<ListedChatRow[]> {
      const me = filter.member;
      const conditions: Array<SQL | undefined> = [eq(chats.networkId, networkId)];
      let limit: number | undefined;
      if ('key' in filter) {
        conditions.push(eq(chats.key, filter.key));
      } else {
        conditions.push(
          or(
            eq(chats.memberA, me),
            eq(chats.memberB, me),
            filter.keys.length ? inArray(chats.key, filter.keys) : undefined,
          ),
        );
        if (filter.interacted) {
          conditions.push(isNotNull(chats.lastInteractedAt));
          if (filter.interacted.before) conditions.push(lt(chats.lastInteractedAt, filter.interacted.before));
          limit = filter.interacted.limit;
        } else {
          conditions.push(isNull(chats.lastInteractedAt));
        }
      }
      const query = db
        .select({
          chat: chats,
          state: chatStates,
          partnerState: partnerStates,
          lastMessage: {
            id: lastMessages.id,
            authorId: lastMessages.authorId,
            text: lastMessages.text,
            deletedAt: lastMessages.deletedAt,
            fileCount: lastMessages.fileCount,
            imageCount: lastMessages.imageCount,
            createdAt: lastMessages.createdAt,
          },
          unread: unreadCount(me, sql`coalesce(${chatStates.lastReadSeq}, 0)`),
        })
        .from(chats)
        .leftJoin(chatStates, and(eq(chatStates.chatId, chats.id), eq(chatStates.membershipId, me)))
        .leftJoin(
          partnerStates,
          and(
            eq(partnerStates.chatId, chats.id),
            eq(chats.kind, 'member'),
            eq(
              partnerStates.membershipId,
              sql`case when ${chats.memberA} = ${me} then ${chats.memberB} else ${chats.memberA} end`,
            ),
          ),
        )
        .leftJoin(lastMessages, eq(lastMessages.id, chats.lastMessageId))
        .where(and(...conditions))
        .orderBy(desc(chats.lastInteractedAt), desc(chats.id));
      return limit === undefined ? query : query.limit(limit);
    },

    /** Of some chat keys, those that have a row. */
    async existingKeys(networkId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: chats.key })
        .from(chats)
        .where(and(eq(chats.networkId, networkId), inArray(chats.key, keys)));
      return new Set(rows.map((r) => r.key));
    },

    /** The direct chats a member has (their keys and partners). */
    directChatsOf(networkId: string, member: string): Promise<Array<Pick<ChatRow, 'key' | 'memberA' | 'memberB'>>> {
      return db
        .select({ key: chats.key, memberA: chats.memberA, memberB: chats.memberB })
        .from(chats)
        .where(and(eq(chats.networkId, networkId), or(eq(chats.memberA, member), eq(chats.memberB, member))));
    },

    /** The chats some messages belong to: who may read their uploads (one query). */
    chatsOfMessages(
      networkId: string,
      messageIds: string[],
    ): Promise<Array<{ messageId: string } & Pick<ChatRow, 'kind' | 'groupId' | 'memberA' | 'memberB'>>> {
      if (messageIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          messageId: chatMessages.id,
          kind: chats.kind,
          groupId: chats.groupId,
          memberA: chats.memberA,
          memberB: chats.memberB,
        })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(and(eq(chatMessages.networkId, networkId), inArray(chatMessages.id, messageIds)));
    },

    /** A message with its chat's key, by id alone (the zip of a message's files). */
    async messageWithChatKey(networkId: string, id: string): Promise<{ message: MessageRow; key: string } | undefined> {
      const [row] = await db
        .select({ message: chatMessages, key: chats.key })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(and(eq(chatMessages.networkId, networkId), eq(chatMessages.id, id)))
        .limit(1);
      return row;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
