import { CHAT_EVENTS, type ChatMessage, type sendMessageSchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { chatRooms, type ChatAccess, type ChatContext } from './access.ts';
import { chatErrors, type ChatError } from './errors.ts';
import type { ChatFiles } from './files.ts';
import type { PresentMessages } from './messages-view.ts';
import { contentRefusal, writeRefusal } from './policy.ts';
import type { ChatRepository, MessageRow } from './repository.ts';
import { createSendBatch, ReferenceInBatch, StoredBefore, type Stored } from './send-batch.ts';

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
  /** Why the actor may not start this chat (a new direct chat with a member who ignores them), or null. */
  startRefusal: (context: ChatContext) => Promise<ChatError | null>;
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

  // Messages arriving together are stored together (send-batch.ts).
  const batch = createSendBatch({
    db: deps.db,
    events: deps.events,
    repository,
    access: deps.access,
    files: deps.files,
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
        ) ??
        (await deps.startRefusal(context));
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
    // The author as the writer's cached chat has them: a plain message is presented without a query.
    const [message] = await deps.presentMessages(withRow, saved.chat.id, [saved.message], context.author);
    deps.push(chatRooms(context), CHAT_EVENTS.message, message, origin);
    return message!;
  };
}
