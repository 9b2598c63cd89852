import type { sendMessageSchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import type { EventInput, Events } from '../../platform/events/index.ts';
import type { ChatAccess, ChatContext } from './access.ts';
import { CHAT_MESSAGE_EVENTS } from './events.ts';
import type { ChatFiles } from './files.ts';
import type { ChatRepository, ChatRow, MessageRow, NewMessageRow, StateKey } from './repository.ts';

type SendMessageInput = z.output<typeof sendMessageSchema>;

/** A message to store: the chat as its sender sees it (checked already), what they sent, when. */
export type StoreJob = { context: ChatContext; input: SendMessageInput; at: Date };
/** A stored message with its chat as it is after it; `created` when the message made the chat's row. */
export type Stored = { message: MessageRow; chat: ChatRow; created: boolean };

/** The same client reference twice in one batch: the later one answers the message of the first. */
export class ReferenceInBatch extends Error {
  constructor() {
    super('the client reference was stored by an earlier message of the batch');
  }
}

/** A message stored before under the same client reference (a retry): it answers that one. */
export class StoredBefore extends Error {
  constructor(readonly row: MessageRow) {
    super('the client reference was stored before');
  }
}

type Entry = StoreJob & { resolve(stored: Stored): void; reject(error: unknown): void };

export type SendBatchDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  repository: ChatRepository;
  access: Pick<ChatAccess, 'ensureRow'>;
  files: Pick<ChatFiles, 'attach'>;
  /** One message in a transaction of its own: what a batch falls back to when it fails. */
  storeOne(job: StoreJob): Promise<Stored>;
  /** Messages in one transaction at most. */
  maxBatch?: number;
  /** Batch transactions at once (the next one gathers while these commit). */
  maxInFlight?: number;
};

/**
 * Group commit of chat messages. Storing one message costs a transaction of a few round trips
 * and a commit (on PostgreSQL, a flush of the write-ahead log) for a row or two: most of it is
 * the same whether the transaction holds one message or a hundred. So the messages that arrive
 * while a batch is being written (from any members, for any chats) wait and are written together
 * by the next batch, in one transaction: each touched chat's row locked once (in the order of the
 * ids, so processes never deadlock), the messages numbered in their order of arrival and inserted
 * by one statement, one update per chat, their events recorded and the senders' read markers
 * moved by one statement each. A message is answered (and pushed) only after its batch commits,
 * so what was acknowledged is stored. A message that arrives when nothing is being written is
 * written at once (at the end of the event loop's turn): it waits for nobody.
 *
 * One failing message must not fail the others: a batch that fails is written again one message
 * per transaction, where each fails or succeeds alone (a reference stored meanwhile, uploads not
 * the sender's).
 */
export function createSendBatch(deps: SendBatchDeps) {
  const maxBatch = deps.maxBatch ?? 100;
  const maxInFlight = deps.maxInFlight ?? 2;
  const queue: Entry[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    // What arrives in this turn of the event loop joins the batch.
    setImmediate(() => {
      scheduled = false;
      while (queue.length > 0 && inFlight < maxInFlight) {
        const batch = queue.splice(0, maxBatch);
        inFlight += 1;
        void flush(batch).finally(() => {
          inFlight -= 1;
          schedule();
        });
      }
    });
  }

  async function flush(batch: Entry[]): Promise<void> {
    // The same reference twice: the first is written, the later ones answer it after the commit.
    const firstOf = new Map<string, Entry>();
    const written: Entry[] = [];
    const repeated: Entry[] = [];
    for (const entry of batch) {
      const reference = `${entry.context.actor.membershipId}\u0000${entry.input.client_reference}`;
      if (firstOf.has(reference)) repeated.push(entry);
      else {
        firstOf.set(reference, entry);
        written.push(entry);
      }
    }
    let stored: Array<Stored | MessageRow>;
    try {
      stored = await deps.db.transaction((tx) => writeBatch(tx, written));
    } catch {
      // Each alone: one bad message fails itself only. In arrival order, so numbers keep it.
      for (const entry of batch) {
        try {
          entry.resolve(await deps.storeOne(entry));
        } catch (error) {
          entry.reject(error);
        }
      }
      return;
    }
    written.forEach((entry, i) => {
      const result = stored[i]!;
      if ('chat' in result) entry.resolve(result);
      else entry.reject(new StoredBefore(result));
    });
    for (const entry of repeated) entry.reject(new ReferenceInBatch());
  }

  /**
   * The batch's messages in one transaction; answers each message's row and chat, in order, or
   * the message stored before under its reference (a retry), which is not written again.
   */
  async function writeBatch(tx: Db, all: Entry[]): Promise<Array<Stored | MessageRow>> {
    const before = new Map(
      (
        await deps.repository.findByClientReferences(
          tx,
          all.map(({ context, input }) => ({
            authorId: context.actor.membershipId,
            clientReference: input.client_reference,
          })),
        )
      ).map((row) => [`${row.authorId}\u0000${row.clientReference}`, row]),
    );
    const storedBefore = (entry: Entry) =>
      before.get(`${entry.context.actor.membershipId}\u0000${entry.input.client_reference}`);
    const entries = all.filter((entry) => !storedBefore(entry));
    const written = entries.length > 0 ? await writeNew(tx, entries) : [];
    let next = 0;
    return all.map((entry) => storedBefore(entry) ?? written[next++]!);
  }

  async function writeNew(tx: Db, entries: Entry[]): Promise<Stored[]> {
    // The chats' rows, made where missing (a chat's first message), once per chat.
    const made = new Map<string, { row: ChatRow; created: boolean }>();
    const chatKey = (context: ChatContext) => `${context.actor.networkId}\u0000${context.key}`;
    for (const { context } of entries) {
      if (context.row && !made.has(chatKey(context))) made.set(chatKey(context), { row: context.row, created: false });
    }
    for (const { context } of entries) {
      if (!made.has(chatKey(context))) made.set(chatKey(context), await deps.access.ensureRow(tx, context));
    }
    const locked = new Map(
      (
        await deps.repository.lockChats(
          tx,
          [...made.values()].map((m) => m.row.id),
        )
      ).map((row) => [row.id, row]),
    );

    // Numbers in the order of arrival.
    const chats = new Map<string, ChatRow>();
    const createdBy = new Map<string, number>();
    const values: NewMessageRow[] = entries.map(({ context, input, at }, i) => {
      const { row, created } = made.get(chatKey(context))!;
      if (created && !createdBy.has(row.id)) createdBy.set(row.id, i);
      const chat = chats.get(row.id) ?? locked.get(row.id)!;
      const seq = chat.lastSeq + 1;
      const revision = chat.revision + 1;
      const id = newId(at.getTime());
      chats.set(row.id, { ...chat, lastSeq: seq, revision, lastMessageId: id, lastInteractedAt: at });
      return {
        id,
        networkId: context.actor.networkId,
        chatId: row.id,
        seq,
        revision,
        authorId: context.actor.membershipId,
        text: input.text.trim(),
        quotedMessageId: input.quoted_message_id ?? null,
        clientReference: input.client_reference,
        fileCount: new Set(input.file_ids).size,
        imageCount: new Set(input.image_ids).size,
        createdAt: at,
        updatedAt: at,
      };
    });
    const rows = new Map((await deps.repository.insertMessages(tx, values)).map((row) => [row.id, row]));
    const messages = values.map((v) => rows.get(v.id!)!);

    for (const [i, { context, input }] of entries.entries()) {
      if (input.file_ids.length + input.image_ids.length === 0) continue;
      await deps.files.attach(tx, context.actor, messages[i]!.id, {
        fileIds: input.file_ids,
        imageIds: input.image_ids,
      });
    }
    for (const chat of chats.values()) {
      await deps.repository.updateChat(tx, chat.id, {
        lastSeq: chat.lastSeq,
        revision: chat.revision,
        lastMessageId: chat.lastMessageId,
        lastInteractedAt: chat.lastInteractedAt,
      });
    }
    await deps.events.record(
      tx,
      ...messages.map((message, i): EventInput => ({
        networkId: message.networkId,
        type: CHAT_MESSAGE_EVENTS.created,
        actorId: entries[i]!.context.actor.membershipId,
        subject: { type: 'chat_message', id: message.id },
        context: { type: 'chat', id: message.chatId },
        changes: { seq: message.seq },
      })),
    );
    // Writing in a chat means having read it up to here: each sender's marker at their last message.
    const marks = new Map<string, StateKey & { seq: number; messageId: string }>();
    for (const message of messages) {
      marks.set(`${message.chatId}\u0000${message.authorId}`, {
        chatId: message.chatId,
        membershipId: message.authorId,
        networkId: message.networkId,
        seq: message.seq,
        messageId: message.id,
      });
    }
    await deps.repository.markReadMany(tx, [...marks.values()]);

    // Each message with its chat as it was right after it, as one transaction per message answered.
    return messages.map((message, i) => ({
      message,
      chat: {
        ...chats.get(message.chatId)!,
        lastSeq: message.seq,
        revision: message.revision,
        lastMessageId: message.id,
        lastInteractedAt: message.createdAt,
      },
      created: createdBy.get(message.chatId) === i,
    }));
  }

  return {
    /** Stores a message with the next batch; resolves once it is committed. */
    store(job: StoreJob): Promise<Stored> {
      return new Promise<Stored>((resolve, reject) => {
        queue.push({ ...job, resolve, reject });
        schedule();
      });
    },
  };
}

export type SendBatch = ReturnType<typeof createSendBatch>;
