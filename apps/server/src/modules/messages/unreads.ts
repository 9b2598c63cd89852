import { REALTIME_EVENTS, type UnreadsChangedEvent } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { MessagesDeps } from './deps.ts';
import type { MessagesRepository } from './repository.ts';

/** The `Messages` unread count (received, unread, not deleted) and its push to the member's pages. */
export function createMessageUnreads(deps: MessagesDeps, repository: MessagesRepository) {
  return {
    count: async (actor: Actor): Promise<number> =>
      (await repository.unreadCounts(actor.networkId, [actor.membershipId])).get(actor.membershipId) ?? 0,

    async push(networkId: string, membershipIds: string[]): Promise<void> {
      const ids = [...new Set(membershipIds)];
      // One query per thousand members, however many a message went to.
      for (let i = 0; i < ids.length; i += 1000) {
        const chunk = ids.slice(i, i + 1000);
        const counts = await repository.unreadCounts(networkId, chunk);
        for (const id of chunk) {
          const payload: UnreadsChangedEvent = { Messages: counts.get(id) ?? 0 };
          deps.realtime.toMember(id, REALTIME_EVENTS.unreadsChanged, payload);
        }
      }
    },
  };
}

export type MessageUnreads = ReturnType<typeof createMessageUnreads>;
