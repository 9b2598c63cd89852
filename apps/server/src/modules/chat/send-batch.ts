import type { sendMessageSchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import type { EventInput, Events } from '../../platform/events/index.ts';
import type { ChatAccess, ChatContext } from './access.ts';
import { CHAT_MESSAGE_EVENTS } from './events.ts';
import type { ChatFiles } from './files.ts';
import type { ChatRepository, ChatRow, MessageRow } from './repository.ts';
import { storeMessages, type MessageToStore } from './store-messages.ts';

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

/** What a message stores of what its sender sent: the one place both the batch and a lone retry take it from. */
function messageOf({ context, input, at }: StoreJob, chatId: string): MessageToStore {
  return {
    id: newId(at.getTime()),
    networkId: context.actor.networkId,
    chatId,
    authorId: context.actor.membershipId,
    text: input.text.trim(),
    quotedMessageId: input.quoted_message_id ?? null,
    clientReference: input.client_reference,
    fileCount: new Set(input.file_ids).size,
    imageCount: new Set(input.image_ids).size,
    at,
  };
}

/** A chat of a batch before it has a row: its network and public id. */
const chatKey = (context: ChatContext) => `${context.actor.networkId}\u0000${context.key}`;

type Entry = StoreJob & { resolve(stored: Stored): void; reject(error: unknown): void };

export type SendBatchDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  repository: Pick<ChatRepository, 'messagesWithIds'>;
  access: Pick<ChatAccess, 'ensureRow'>;
  files: Pick<ChatFiles, 'attach'>;
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
 * by the next batch, in one transaction of two statements: one locks each touched chat's row
 * once (in the order of the ids, so processes never deadlock), numbers the messages in their
 * order of arrival, inserts them, moves the chats' counters and the senders' read markers; the
 * other records their events. A message is answered (and pushed) only after its batch commits,
 * so what was acknowledged is stored. A message that arrives when nothing is being written is
 * written at once (at the end of the event loop's turn): it waits for nobody.
 *
 * One failing message must not fail the others: a batch that fails is written again one message
 * per transaction, the same way, where each fails or succeeds alone (a reference stored
 * meanwhile, uploads not the sender's).
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
    try {
      settle(written, await deps.db.transaction((tx) => writeBatch(tx, written)));
    } catch {
      // Each alone: one bad message fails itself only. In arrival order, so numbers keep it.
      for (const entry of batch) {
        try {
          settle([entry], await deps.db.transaction((tx) => writeBatch(tx, [entry])));
        } catch (error) {
          entry.reject(error);
        }
      }
      return;
    }
    for (const entry of repeated) entry.reject(new ReferenceInBatch());
  }

  function settle(entries: Entry[], results: Array<Stored | MessageRow>): void {
    entries.forEach((entry, i) => {
      const result = results[i]!;
      if ('chat' in result) entry.resolve(result);
      else entry.reject(new StoredBefore(result));
    });
  }

  /**
   * The messages in one transaction: one statement numbers and stores them with their chats'
   * counters and the senders' read markers (store-messages.ts), one records their events. Answers
   * each message's row and chat, in order, or the message stored before under its reference (a
   * retry), which is not written again.
   */
  async function writeBatch(tx: Db, entries: Entry[]): Promise<Array<Stored | MessageRow>> {
    // The chats' rows, made where missing (a chat's first message), once per chat.
    const made = new Map<string, { row: ChatRow; created: boolean }>();
    for (const { context } of entries) {
      const key = chatKey(context);
      if (!made.has(key))
        made.set(key, context.row ? { row: context.row, created: false } : await deps.access.ensureRow(tx, context));
    }
    const messages = entries.map((entry) => messageOf(entry, made.get(chatKey(entry.context))!.row.id));
    const numbers = await storeMessages(tx, messages);

    const before = numbers.filter((n) => n.storedBefore).map((n) => n.id);
    const storedBefore = new Map((await deps.repository.messagesWithIds(tx, before)).map((row) => [row.id, row]));
    const results: Array<Stored | MessageRow> = [];
    const events: EventInput[] = [];
    const creating = new Set([...made].flatMap(([key, { created }]) => (created ? [key] : [])));
    for (const [i, { id, seq, revision, storedBefore: found }] of numbers.entries()) {
      if (found) {
        results.push(storedBefore.get(id)!);
        continue;
      }
      const { context, input } = entries[i]!;
      const { at, ...fields } = messages[i]!;
      const message: MessageRow = { ...fields, seq, revision, createdAt: at, updatedAt: at, deletedAt: null };
      if (input.file_ids.length + input.image_ids.length > 0) {
        await deps.files.attach(tx, context.actor, id, { fileIds: input.file_ids, imageIds: input.image_ids });
      }
      events.push({
        networkId: message.networkId,
        type: CHAT_MESSAGE_EVENTS.created,
        actorId: message.authorId,
        subject: { type: 'chat_message', id },
        context: { type: 'chat', id: message.chatId },
        changes: { seq },
      });
      // The first message of a chat it made tells that it made it.
      const key = chatKey(context);
      const created = creating.delete(key);
      const { row } = made.get(key)!;
      // The chat as it is right after this message, as one transaction per message answered.
      const chat = { ...row, lastSeq: seq, revision, lastMessageId: id, lastInteractedAt: at };
      results.push({ message, chat, created });
    }
    await deps.events.record(tx, ...events);
    return results;
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
