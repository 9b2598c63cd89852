import { ACTIVITY_LIMITS, REALTIME_EVENTS, type ActivityUnreads, type UnreadsChangedEvent } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { readableGroupIds, readsNetworkStreams, type StreamAccess } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import type { ActivitiesRepository } from './repository.ts';
import { activityRooms } from './live-rooms.ts';

/** The smallest id later than a time: what was posted after a read mark sorts above it. */
export const idBoundary = (at: Date) =>
  Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0') + 'ffffffffffffffff';

/**
 * Unread activities: per stream since the member last looked at it, and in the home since they
 * last looked at the home; what they posted themselves never counts. Without a read mark, from
 * when they joined the network. Counted up to ACTIVITY_LIMITS.unreadCountCap.
 */
export function createActivityUnreads(
  deps: ActivitiesDeps,
  repository: ActivitiesRepository,
  load: (actor: Actor) => Promise<StreamAccess>,
) {
  const cap = ACTIVITY_LIMITS.unreadCountCap;

  async function joinedAt(actor: Actor): Promise<Date> {
    const [member] = await deps.members.findMany(actor.networkId, [actor.membershipId]);
    return member?.createdAt ?? new Date(0);
  }

  async function home(access: StreamAccess, reads: Map<string, Date>, since: Date): Promise<number> {
    const { actor, settings } = access;
    const subscribed = settings.activitystream_subscriptions !== false;
    const after = idBoundary(reads.get(actor.networkId) ?? since);
    return repository.unreadInScope(
      actor.networkId,
      actor.membershipId,
      {
        network: readsNetworkStreams(actor),
        excludedStreamIds: subscribed ? [...access.unsubscribed] : [],
        groupIds: readableGroupIds(access, subscribed),
      },
      after,
      cap,
    );
  }

  async function total(actor: Actor): Promise<number> {
    const access = await load(actor);
    const [reads, since] = await Promise.all([repository.reads(actor.membershipId), joinedAt(actor)]);
    return home(access, reads, since);
  }

  return {
    /** The `Activities` counter of `GET /api/v1/unreads`: the home's. */
    count: total,

    /** `GET /unreads/activities`: the network's streams and the member's groups', and the home's total. */
    async perStream(actor: Actor): Promise<ActivityUnreads> {
      const access = await load(actor);
      const [reads, since] = await Promise.all([repository.reads(actor.membershipId), joinedAt(actor)]);
      const streams = [
        ...(readsNetworkStreams(actor) ? access.networkStreams.map((s) => ({ id: s.id, slug: s.slug })) : []),
        ...[...access.groups.values()].filter((g) => g.role !== null).map((g) => ({ id: g.id, slug: g.slug })),
      ];
      const [counts, homeCount] = await Promise.all([
        repository.unreadPerStream(
          actor.membershipId,
          streams.map((s) => ({ id: s.id, after: idBoundary(reads.get(s.id) ?? since) })),
          cap,
        ),
        home(access, reads, since),
      ]);
      return {
        activitystreams: streams.map((s) => ({ ...s, unread_count: counts.get(s.id) ?? 0 })),
        total: homeCount,
      };
    },

    /** Tells one member's pages their new count. */
    async pushTo(actor: Actor): Promise<void> {
      const payload: UnreadsChangedEvent = { Activities: await total(actor) };
      deps.realtime.toMember(actor.membershipId, REALTIME_EVENTS.unreadsChanged, payload);
    },

    /**
     * A post changes the count of everyone who reads where it went: rather than counting for
     * each of them, their pages are told in the rooms of the streams (`network:{id}`,
     * `activitystream:{groupId}`) that the counts changed, and fetch their own.
     */
    announce(networkId: string, network: boolean, groupIds: string[]): void {
      const rooms = activityRooms(networkId, network, groupIds);
      if (rooms.length > 0)
        deps.realtime.toRooms(rooms, REALTIME_EVENTS.unreadsChanged, {} satisfies UnreadsChangedEvent);
    },
  };
}

export type ActivityUnreadsService = ReturnType<typeof createActivityUnreads>;
