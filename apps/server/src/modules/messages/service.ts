import type { StorageOwnerPolicy } from '../../platform/storage/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { MessagesDeps } from './deps.ts';
import { MESSAGE_EVENTS } from './events.ts';
import { messageProcessors } from './processors.ts';
import { createRecipientSearch } from './recipients.ts';
import { createMessagesRepository } from './repository.ts';
import { messageSearchSource } from './search-source.ts';
import { createSending } from './send.ts';
import { createMessageUnreads } from './unreads.ts';
import { createMessageViews } from './view.ts';

/** Which copies a call acts on: those received (the inbox), or those sent (the sent list). */
export type MessageCopy = 'inbox' | 'sent';

/**
 * Direct messages: sending to members, groups or everyone, the inbox and the sent list, marking
 * read and deleting each member's own copy.
 */
export function createMessagesService(deps: MessagesDeps) {
  const repository = createMessagesRepository(deps.db);
  const unreads = createMessageUnreads(deps, repository);
  const views = createMessageViews(deps, repository);
  const sending = createSending(deps, repository);

  /** The ids, each of the actor's copies in that box; 404 when any is not (nothing changes). */
  async function ownCopies(actor: Actor, ids: string[], copy: MessageCopy): Promise<string[]> {
    const unique = [...new Set(ids)];
    const viewed = await repository.readable(actor.networkId, actor.membershipId, unique);
    const ok = viewed.filter((v) => (copy === 'inbox' ? v.copy !== null : v.message.authorId === actor.membershipId));
    if (ok.length !== unique.length) throw notFound();
    return unique;
  }

  /** Who reads a message's uploads: the author and the recipients of any message that carries them. */
  const ownerPolicy: StorageOwnerPolicy = {
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId) return new Set();
      return repository.readableOwners(networkId, actor.membershipId, ownerIds);
    },
  };

  return {
    ...views,
    ownerPolicy,
    settingsOf: sending.settingsOf,
    /** The composer's pickers: whom the actor may write to. */
    recipients: createRecipientSearch(deps, sending.settingsOf),

    /** `POST /api/v1/messages`: answers the message as the sender sees it. */
    async send(...args: Parameters<typeof sending.send>) {
      const [actor] = args;
      const row = await sending.send(...args);
      const [message] = await views.presentMany(actor, [{ message: row, copy: null }]);
      return message!;
    },

    /** Marks the actor's copies read or unread. */
    async mark(actor: Actor, ids: string[], read: boolean): Promise<void> {
      const own = await ownCopies(actor, ids, 'inbox');
      await deps.events.transaction(async (tx) => {
        const changed = await repository.setRead(tx, actor.membershipId, own, read);
        if (changed.length === 0) return;
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: MESSAGE_EVENTS.marked,
          actorId: actor.membershipId,
          subject: { type: 'direct_message', id: changed[0]! },
          changes: { message_ids: changed, read },
        });
      });
    },

    /** Deletes the actor's copies (received or sent); the others' copies stay. */
    async destroy(actor: Actor, ids: string[], copy: MessageCopy): Promise<void> {
      const own = await ownCopies(actor, ids, copy);
      await deps.events.transaction(async (tx) => {
        const changed =
          copy === 'inbox'
            ? await repository.deleteReceived(tx, actor.membershipId, own)
            : await repository.deleteSent(tx, actor.networkId, actor.membershipId, own);
        if (changed.length === 0) return;
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: MESSAGE_EVENTS.deleted,
          actorId: actor.membershipId,
          subject: { type: 'direct_message', id: changed[0]! },
          changes: { message_ids: changed, copy },
        });
      });
    },

    /** The fields to translate of a message the actor may read; null otherwise. */
    async translatableFields(actor: Actor, id: string): Promise<Record<string, string> | null> {
      const [viewed] = await repository.readable(actor.networkId, actor.membershipId, [id]);
      return viewed ? { subject: viewed.message.subject, content: viewed.message.content } : null;
    },

    /** The `Messages` unread counter. */
    messageUnreads: unreads.count,
    /** What global search finds of messages. */
    searchSource: messageSearchSource(deps, repository, views),
    processors: messageProcessors(deps, repository, unreads, sending.settingsOf),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
