import { CHAT_EVENTS, type ChatMessage, type sendMessageSchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { chatRooms, type ChatAccess, type ChatContext } from './access.ts';
import { chatErrors } from './errors.ts';
import { CHAT_MESSAGE_EVENTS } from './events.ts';
import type { ChatFiles } from './files.ts';
import type { PresentMessages } from './messages-view.ts';
import { contentRefusal, writeRefusal } from './policy.ts';
import type { ChatRepository, MessageRow } from './repository.ts';
import { createSendBatch, ReferenceInBatch, StoredBefore, type StoreJob, type Stored } from './send-batch.ts';

export type SendMessageInput = z.output<typeof sendMessageSchema>;

/** Pushes to rooms after a commit; `origin` (the sender's connection) has its answer already. */
export type Push = (rooms: string[], event: string, payload: unknown, origin?: string) => void;

export type SendDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  repository: ChatRepository;
  access: ChatAccess;
  files: ChatFiles;
  presentMessages: PresentMessages;
  push: Push;
  /** Tells both members of a direct chat made by this message (create_chat, before the message). */
  announceDirectChat: (context: ChatContext) => Promise<unknown>;
};

/**
 * `message`: stores the message (with the others arriving meanwhile, send-batch.ts), then
 * broadcasts it to the chat's rooms. The chat's row is locked while its next number is taken,
 * so numbers follow the order of commits; the sender's
 * own read marker moves to their message. Sending the same client reference again answers the
 * stored message and broadcasts nothing.
 */
export function createSendMessage(deps: SendDeps) {
  const { repository } = deps;

  /** The message a reference was stored with, if it is this chat's; the reference is taken otherwise. */
  async function answerStored(loaded: ChatContext, stored: MessageRow): Promise<ChatMessage> {
    // The first attempt may have made the chat after this one looked.
    const context = loaded.row ? loaded : await deps.access.load(loaded.actor, loaded.key);
    if (!context.row || stored.chatId !== context.row.id) throw chatErrors.invalid({ client_reference: ['taken'] });
    return (await deps.presentMessages(context, context.row.id, [stored]))[0]!;
  }

  async function quotedFits(context: ChatContext, quotedId: string | null | undefined): Promise<void> {
    if (!quotedId) return;
    const quoted = context.row ? await repository.findMessage(context.row.id, quotedId) : undefined;
    if (!quoted || quoted.deletedAt) throw chatErrors.invalid({ quoted_message_id: ['invalid'] });
  }

  /** One message in a transaction of its own (what a failed batch falls back to). */
  async function store({ context, input, at }: StoreJob): Promise<Stored> {
    const { actor } = context;
    return deps.db.transaction(async (tx) => {
      const made = await deps.access.ensureRow(tx, context);
      const chat = await repository.lockChat(tx, made.row.id);
      const seq = chat.lastSeq + 1;
      const revision = chat.revision + 1;
      const message = await repository.insertMessage(tx, {
        networkId: actor.networkId,
        chatId: chat.id,
        seq,
        revision,
        authorId: actor.membershipId,
        text: input.text.trim(),
        quotedMessageId: input.quoted_message_id ?? null,
        clientReference: input.client_reference,
        fileCount: new Set(input.file_ids).size,
        imageCount: new Set(input.image_ids).size,
        createdAt: at,
        updatedAt: at,
      });
      await deps.files.attach(tx, actor, message.id, { fileIds: input.file_ids, imageIds: input.image_ids });
      await repository.updateChat(tx, chat.id, {
        lastSeq: seq,
        revision,
        lastMessageId: message.id,
        lastInteractedAt: at,
      });
      await deps.events.record(tx, {
        networkId: actor.networkId,
        type: CHAT_MESSAGE_EVENTS.created,
        actorId: actor.membershipId,
        subject: { type: 'chat_message', id: message.id },
        context: { type: 'chat', id: chat.id },
        changes: { seq },
      });
      // Writing in a chat means having read it up to here.
      await repository.markRead(
        tx,
        { chatId: chat.id, membershipId: actor.membershipId, networkId: actor.networkId },
        seq,
        message.id,
      );
      return {
        message,
        chat: { ...chat, lastSeq: seq, revision, lastMessageId: message.id, lastInteractedAt: at },
        created: made.created,
      };
    });
  }

  // Messages arriving together are stored together (send-batch.ts).
  const batch = createSendBatch({
    db: deps.db,
    events: deps.events,
    repository,
    access: deps.access,
    files: deps.files,
    storeOne: store,
  });

  return async function sendMessage(
    actor: Actor,
    input: SendMessageInput,
    origin?: string,
    at: Date = new Date(),
  ): Promise<ChatMessage> {
    const context = await deps.access.loadForWrite(actor, input.chat_id);
    try {
      const refused =
        writeRefusal(context.can) ??
        contentRefusal(
          { text: input.text, files: new Set(input.file_ids).size, images: new Set(input.image_ids).size },
          context.settings,
        );
      if (refused) throw refused;
      await quotedFits(context, input.quoted_message_id);
    } catch (error) {
      // A retry of a message stored before answers it, whatever changed since. (Retries that
      // pass are found by their batch, with the others' references in one query.)
      const stored = await repository.findByClientReference(actor.membershipId, input.client_reference);
      if (stored) return answerStored(context, stored);
      throw error;
    }

    let saved: Stored;
    try {
      saved = await batch.store({ context, input, at });
    } catch (error) {
      if (error instanceof StoredBefore) return answerStored(context, error.row);
      // The same reference sent twice at once: the first one stored wins, the other answers it.
      if (!isUniqueViolation(error) && !(error instanceof ReferenceInBatch)) throw error;
      const winner = await repository.findByClientReference(actor.membershipId, input.client_reference);
      if (!winner) throw error;
      return answerStored({ ...context, row: null }, winner);
    }
    const withRow = { ...context, row: saved.chat };
    if (saved.created && context.kind === 'member') await deps.announceDirectChat(withRow);
    const [message] = await deps.presentMessages(withRow, saved.chat.id, [saved.message]);
    deps.push(chatRooms(context), CHAT_EVENTS.message, message, origin);
    return message!;
  };
}
