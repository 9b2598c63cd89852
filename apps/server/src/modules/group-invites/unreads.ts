import { REALTIME_EVENTS, type UnreadsChangedEvent } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { sharedWithinCount } from '../../platform/unreads/index.ts';
import type { GroupInvitesDeps } from './deps.ts';
import type { GroupInvitesRepository } from './repository.ts';

/**
 * The `GroupInvites` unread count (the member's open group invitations), and the push of it with
 * the `Invites` total (open invites of every kind of the invites inbox) to the member's open pages.
 */
export function createGroupInviteUnreads(deps: GroupInvitesDeps, repository: GroupInvitesRepository) {
  // Counted for the badge and for the inbox's total in one count of the unreads.
  const count = sharedWithinCount(
    async (actor: Actor): Promise<number> =>
      (await repository.openCounts(actor.networkId, [actor.membershipId])).get(actor.membershipId) ?? 0,
  );

  return {
    count,
    async push(networkId: string, membershipIds: string[]): Promise<void> {
      const ids = [...new Set(membershipIds)];
      if (ids.length === 0) return;
      const counts = await repository.openCounts(networkId, ids);
      for (const id of ids) {
        // The kinds count their own invites by the member alone; the rest of an actor is unused.
        const member: Actor = {
          userId: '',
          sessionId: '',
          membershipId: id,
          networkId,
          isNetworkAdmin: false,
          isExternal: false,
          locale: null,
        };
        const all = await deps.invites.openCounts(member);
        const payload: UnreadsChangedEvent = {
          GroupInvites: counts.get(id) ?? 0,
          Invites: Object.values(all).reduce((sum, n) => sum + n, 0),
        };
        deps.realtime.toMember(id, REALTIME_EVENTS.unreadsChanged, payload);
      }
    },
  };
}

export type GroupInviteUnreads = ReturnType<typeof createGroupInviteUnreads>;
