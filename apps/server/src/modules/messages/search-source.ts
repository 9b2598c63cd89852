import type { MessageSearchHit } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { StoredEvent } from '../../platform/events/index.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { MESSAGE_EVENTS } from './events.ts';
import { messagePolicy } from './policy.ts';
import type { MessagesRepository } from './repository.ts';
import { createMessageSearchRepository } from './search-repository.ts';
import type { DirectMessageRow } from './tables.ts';
import type { MessageViews } from './view.ts';

/** Messages presented per batch (a results page asks for 20 at most). */
const PRESENT_BATCH = 100;

/** A member finds the messages of which they hold a copy: received, or sent and still in their sent list. */
export const messageAccessKey = (membershipId: string) => `messages:member:${membershipId}`;

export type MessageSearchDeps = { db: Db; storage: Pick<Storage, 'live'> };

/**
 * Direct messages in global search: one document per message, findable by every member who still
 * holds a copy of it (deleting one's copy takes it out of one's own results only). A message whose
 * copies are all deleted is found by nobody and leaves the index. Its link, `/messages/{id}`,
 * opens for each holder.
 */
export function messageSearchSource(
  deps: MessageSearchDeps,
  repository: Pick<MessagesRepository, 'attachmentsOf' | 'readable'>,
  views: Pick<MessageViews, 'presentMany'>,
): SearchSource<'messages'> {
  const search = createMessageSearchRepository(deps.db);

  async function documents(networkId: string, rows: DirectMessageRow[]): Promise<SearchDocument[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [holders, attachmentRows] = await Promise.all([search.copyHolders(ids), repository.attachmentsOf(ids)]);
    const objects = new Map(
      (
        await deps.storage.live(
          networkId,
          attachmentRows.map((a) => a.objectId),
        )
      ).map((o) => [o.id, o]),
    );
    const names = new Map<string, string[]>();
    for (const a of attachmentRows) {
      const object = objects.get(a.objectId);
      if (object) names.set(a.messageId, [...(names.get(a.messageId) ?? []), object.name]);
    }
    return rows.flatMap((row) => {
      const members = new Set(holders.get(row.id) ?? []);
      if (row.senderDeletedAt === null) members.add(row.authorId);
      if (members.size === 0) return [];
      return [
        {
          module: 'messages' as const,
          id: row.id,
          networkId,
          groupId: null,
          access: [...members].map(messageAccessKey),
          title: row.subject,
          content: row.plainContent,
          attachmentContent: (names.get(row.id) ?? []).join('\n'),
          valuesContent: '',
          language: 'network' as const,
          sortAt: row.createdAt,
        },
      ];
    });
  }

  const subjectId = (event: StoredEvent) => [event.subject.id];
  const messageIds = (event: StoredEvent) =>
    Array.isArray(event.changes.message_ids)
      ? event.changes.message_ids.filter((id): id is string => typeof id === 'string')
      : [];

  return {
    module: 'messages',
    changedBy: {
      [MESSAGE_EVENTS.sent]: subjectId,
      // The copies of the groups' members and of all members are written after the send.
      [MESSAGE_EVENTS.delivered]: subjectId,
      [MESSAGE_EVENTS.deleted]: messageIds,
    },

    async load(networkId, ids) {
      return documents(networkId, await search.byIds(networkId, [...new Set(ids)]));
    },

    async scan(networkId, afterId, limit) {
      return documents(networkId, await search.page(networkId, afterId, limit));
    },

    async accessKeys(actor: Actor) {
      return [messageAccessKey(actor.membershipId)];
    },

    async present(actor: Actor, ids: string[]): Promise<MessageSearchHit[]> {
      const hits: MessageSearchHit[] = [];
      for (let i = 0; i < ids.length; i += PRESENT_BATCH) {
        const batch = ids.slice(i, i + PRESENT_BATCH);
        const viewed = (await repository.readable(actor.networkId, actor.membershipId, batch)).filter((v) =>
          allows(messagePolicy, 'read', actor, v),
        );
        const order = new Map(batch.map((id, index) => [id, index]));
        viewed.sort((a, b) => order.get(a.message.id)! - order.get(b.message.id)!);
        for (const message of await views.presentMany(actor, viewed)) {
          hits.push({
            id: message.id,
            author: message.author,
            subject: message.subject,
            html_content: message.html_content,
            to: message.to.map((m) => ({ id: m.id, name: m.name })),
            created_at: message.created_at,
            html_url: `/messages/${message.id}`,
          });
        }
      }
      return hits;
    },
  };
}
