import { REALTIME_EVENTS, type UnreadsChangedEvent } from '@agora/contracts';
import type { Actor } from '../../../platform/policy/index.ts';
import type { Realtime } from '../../../platform/realtime/index.ts';
import { sharedWithinCount } from '../../../platform/unreads/index.ts';
import type { ParticipationRepository } from './repository.ts';

/**
 * The 'Calendars' unread count: the member's open invites that still ask for an answer (not
 * expired, their appointment there and not canceled). Registered with the unreads registry (by the module definition) and
 * pushed to the member's open pages whenever invites are made or answered.
 */
export function createCalendarUnreads(deps: {
  repository: ParticipationRepository;
  realtime: Pick<Realtime, 'toMember'>;
}) {
  // Counted for the badge and for the inbox's total in one count of the unreads.
  const count = sharedWithinCount(
    async (actor: Actor): Promise<number> =>
      (await deps.repository.openInviteCounts(actor.networkId, [actor.membershipId], new Date())).get(
        actor.membershipId,
      ) ?? 0,
  );

  return {
    count,
    /** Pushes the new count to each member (one query for all of them). */
    async push(networkId: string, membershipIds: string[]): Promise<void> {
      const ids = [...new Set(membershipIds)];
      if (ids.length === 0) return;
      const counts = await deps.repository.openInviteCounts(networkId, ids, new Date());
      for (const id of ids) {
        const payload: UnreadsChangedEvent = { Calendars: counts.get(id) ?? 0 };
        deps.realtime.toMember(id, REALTIME_EVENTS.unreadsChanged, payload);
      }
    },
  };
}

export type CalendarUnreads = ReturnType<typeof createCalendarUnreads>;
