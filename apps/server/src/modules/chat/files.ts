import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Storage, StorageOwnerPolicy, StoredObjectRow } from '../../platform/storage/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { ChatAccess } from './access.ts';
import { ChatError } from './errors.ts';
import { mayChat } from './policy.ts';
import type { ChatRepository } from './repository.ts';

/** The storage owner type of chat messages' files and images (directories `files` and `images`). */
export const CHAT_MESSAGE_OWNER = 'chat_message';

export type MessageAttachments = { fileIds: string[]; imageIds: string[] };

export function createChatFiles(deps: {
  storage: Storage;
  groups: GroupsService;
  repository: ChatRepository;
  access: ChatAccess;
}) {
  const { storage, repository } = deps;

  /** Who reads a message's files: registered by the module definition. */
  const ownerPolicy: StorageOwnerPolicy = {
    // The members of the message's chat: both of a direct chat, the group's, everyone who chats.
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId) return new Set();
      const chats = await repository.chatsOfMessages(networkId, ownerIds);
      if (chats.length === 0) return new Set();
      if (actor.isExternal && !mayChat(actor, (await deps.access.networkOf(networkId)).settings)) return new Set();
      const groupIds = chats.some((c) => c.kind === 'group')
        ? new Set((await deps.groups.chatGroupsOf(networkId, actor.membershipId)).map((g) => g.group.id))
        : new Set<string>();
      const me = actor.membershipId;
      return new Set(
        chats
          .filter((c) =>
            c.kind === 'member'
              ? c.memberA === me || c.memberB === me
              : c.kind === 'group'
                ? groupIds.has(c.groupId!)
                : true,
          )
          .map((c) => c.messageId),
      );
    },
  };

  /** The files and images of some messages, by message id (one query). */
  const of = (networkId: string, messageIds: string[]): Promise<Map<string, StoredObjectRow[]>> =>
    storage.owned(networkId, CHAT_MESSAGE_OWNER, messageIds);

  /** Inside the send's transaction: the actor's uploads become the message's (422 for others). */
  async function attach(tx: Db, actor: Actor, messageId: string, wanted: MessageAttachments): Promise<void> {
    const owner = { type: CHAT_MESSAGE_OWNER, id: messageId };
    await storage.attach(actor, wanted.fileIds, owner, { db: tx, field: 'file_ids', directory: 'files' });
    await storage.attach(actor, wanted.imageIds, owner, { db: tx, field: 'image_ids', directory: 'images' });
  }

  return {
    ownerPolicy,
    of,
    attach,

    /**
     * Inside an edit's transaction: attaches what is listed and removes what is no longer.
     * Answers the removed uploads, whose bytes go after the commit (purge).
     */
    async replace(
      tx: Db,
      actor: Actor,
      messageId: string,
      wanted: MessageAttachments,
      current: StoredObjectRow[],
    ): Promise<StoredObjectRow[]> {
      await attach(tx, actor, messageId, wanted);
      const keep = new Set([...wanted.fileIds, ...wanted.imageIds]);
      const dropped = current.filter((row) => !keep.has(row.id)).map((row) => row.id);
      if (dropped.length === 0) return [];
      return storage.removeOwned(actor.networkId, { objectIds: dropped }, { db: tx, actorId: actor.membershipId });
    },

    /** Inside a deletion's transaction: every upload of the message (purge after the commit). */
    removeAll(tx: Db, networkId: string, messageId: string): Promise<StoredObjectRow[]> {
      return storage.removeOwned(networkId, { type: CHAT_MESSAGE_OWNER, ids: [messageId] }, { db: tx });
    },

    purge: (rows: StoredObjectRow[]) => (rows.length > 0 ? storage.purge(rows) : Promise.resolve()),

    fileToken: (row: StoredObjectRow) => storage.fileToken(row),

    /**
     * The ids of a message's files, for `POST /api/v1/file_token` with `chat_message_id`: null
     * when the actor may not read the message's chat, or it has no files.
     */
    async fileIdsOfMessage(actor: Actor, messageId: string): Promise<string[] | null> {
      const found = await repository.messageWithChatKey(actor.networkId, messageId);
      if (!found || found.message.deletedAt) return null;
      try {
        await deps.access.load(actor, found.key);
      } catch (error) {
        if (error instanceof ChatError) return null;
        throw error;
      }
      const files = ((await of(actor.networkId, [messageId])).get(messageId) ?? []).filter(
        (row) => row.directory === 'files',
      );
      return files.length > 0 ? files.map((row) => row.id) : null;
    },
  };
}

export type ChatFiles = ReturnType<typeof createChatFiles>;
