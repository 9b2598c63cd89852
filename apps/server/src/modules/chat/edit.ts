import { CHAT_EVENTS, type ChatMessage, type deleteMessageSchema, type updateMessageSchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { chatRooms, type ChatAccess } from './access.ts';
import { chatErrors } from './errors.ts';
import { CHAT_MESSAGE_EVENTS } from './events.ts';
import type { ChatFiles } from './files.ts';
import type { PresentMessages } from './messages-view.ts';
import { contentRefusal, editRefusal } from './policy.ts';
import type { ChatRepository, MessageRow } from './repository.ts';
import type { Push } from './send.ts';

export type UpdateMessageInput = z.output<typeof updateMessageSchema>;
export type DeleteMessageInput = z.output<typeof deleteMessageSchema>;

export type EditDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  repository: ChatRepository;
  access: ChatAccess;
  files: ChatFiles;
  presentMessages: PresentMessages;
  push: Push;
};

/**
 * `update_message` and `delete_message`: the author changes their message within the update
 * period where the network allows it. Each change raises the chat's revision (in commit order,
 * under the row's lock) and gives it to the message, so a client catching up finds it.
 */
export function createEditMessage(deps: EditDeps) {
  const { repository } = deps;

  async function loadMessage(actor: Actor, chatKey: string, id: string) {
    const context = await deps.access.loadExisting(actor, chatKey);
    const message = await repository.findMessage(context.row.id, id);
    if (!message) throw chatErrors.notFound();
    return { context, message };
  }

  /** Raises the revision, changes the message, in one transaction; broadcasts after the commit. */
  async function change(
    loaded: Awaited<ReturnType<typeof loadMessage>>,
    event: string,
    write: (tx: Db, revision: number) => Promise<{ row: MessageRow; removed: StoredObjectRow[] }>,
    origin: string | undefined,
  ): Promise<ChatMessage> {
    const { context } = loaded;
    const { row, removed } = await deps.db.transaction(async (tx) => {
      const written = await write(tx, await repository.bumpRevision(tx, context.row.id));
      await deps.events.record(tx, {
        networkId: context.actor.networkId,
        type: event === CHAT_EVENTS.deleteMessage ? CHAT_MESSAGE_EVENTS.destroyed : CHAT_MESSAGE_EVENTS.updated,
        actorId: context.actor.membershipId,
        subject: { type: 'chat_message', id: written.row.id },
        context: { type: 'chat', id: context.row.id },
      });
      return written;
    });
    await deps.files.purge(removed);
    const [message] = await deps.presentMessages(context, context.row.id, [row]);
    deps.push(chatRooms(context), event, message, origin);
    return message!;
  }

  return {
    async updateMessage(
      actor: Actor,
      input: UpdateMessageInput,
      origin?: string,
      at: Date = new Date(),
    ): Promise<ChatMessage> {
      const loaded = await loadMessage(actor, input.chat_id, input.id);
      const { context, message } = loaded;
      const refused = editRefusal(actor, context.can, message, 'update', context.settings, at);
      if (refused) throw refused;
      const replacing = input.file_ids !== undefined || input.image_ids !== undefined;
      const current = replacing ? ((await deps.files.of(actor.networkId, [message.id])).get(message.id) ?? []) : [];
      const currentIds = (directory: string) => current.filter((r) => r.directory === directory).map((r) => r.id);
      const fileIds = [...new Set(input.file_ids ?? currentIds('files'))];
      const imageIds = [...new Set(input.image_ids ?? currentIds('images'))];
      const content = replacing
        ? { text: input.text, files: fileIds.length, images: imageIds.length }
        : { text: input.text, files: message.fileCount, images: message.imageCount };
      const invalid = contentRefusal(content, context.settings);
      if (invalid) throw invalid;

      return change(
        loaded,
        CHAT_EVENTS.updateMessage,
        async (tx, revision) => {
          const removed = replacing
            ? await deps.files.replace(tx, actor, message.id, { fileIds, imageIds }, current)
            : [];
          const row = await repository.updateMessage(tx, message.id, {
            text: input.text.trim(),
            revision,
            updatedAt: at,
            ...(replacing ? { fileCount: fileIds.length, imageCount: imageIds.length } : {}),
          });
          return { row, removed };
        },
        origin,
      );
    },

    /**
     * Deleting keeps the message as a deleted one (its place in the chat and in quotes stays);
     * its text and uploads go. Deleting it again answers it as it is.
     */
    async deleteMessage(
      actor: Actor,
      input: DeleteMessageInput,
      origin?: string,
      at: Date = new Date(),
    ): Promise<ChatMessage> {
      const loaded = await loadMessage(actor, input.chat_id, input.id);
      const { context, message } = loaded;
      if (message.deletedAt && message.authorId === actor.membershipId) {
        return (await deps.presentMessages(context, context.row.id, [message]))[0]!;
      }
      const refused = editRefusal(actor, context.can, message, 'destroy', context.settings, at);
      if (refused) throw refused;
      return change(
        loaded,
        CHAT_EVENTS.deleteMessage,
        async (tx, revision) => {
          const removed = await deps.files.removeAll(tx, actor.networkId, message.id);
          const row = await repository.updateMessage(tx, message.id, {
            text: '',
            revision,
            updatedAt: at,
            deletedAt: at,
            fileCount: 0,
            imageCount: 0,
          });
          return { row, removed };
        },
        origin,
      );
    },
  };
}
