import { ALL_STREAM_SLUG, type Activitystream, type ActivitystreamList } from '@agora/contracts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { ContentGroup } from '../groups/index.ts';
import { postsTo, readsNetworkStreams, subscribedTo, type StreamAccess } from './access.ts';
import { mayCreateCircularLetter } from './circular-letter-info.ts';
import type { ActivitiesDeps } from './deps.ts';
import { ACTIVITY_EVENTS } from './events.ts';
import type { ActivitiesRepository } from './repository.ts';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The stream list, subscriptions and read marks. */
export function createStreams(deps: ActivitiesDeps, repository: ActivitiesRepository) {
  const subscriptionsEnabled = (access: StreamAccess) => access.settings.activitystream_subscriptions !== false;

  function groupStream(access: StreamAccess, group: ContentGroup): Activitystream {
    const enabled = subscriptionsEnabled(access);
    return {
      id: group.id,
      slug: group.slug,
      name: group.name,
      html_url: `/groups/${group.slug}/activitystreams`,
      kind: 'group',
      group: { id: group.id, slug: group.slug, name: group.name },
      category: { id: group.category.id, slug: group.category.slug, name: group.category.name },
      i: {
        subscribed: subscribedTo(access, group.id),
        can: { read: true, post: postsTo(access, group.id), subscribe: enabled && group.role !== null },
      },
    };
  }

  return {
    /** `GET /activitystreams.json`: `all`, the network's streams, the groups' by category. */
    list(access: StreamAccess, postable: boolean): ActivitystreamList {
      const { actor } = access;
      const enabled = subscriptionsEnabled(access);
      const all: Activitystream = {
        id: actor.networkId,
        slug: ALL_STREAM_SLUG,
        name: ALL_STREAM_SLUG,
        html_url: `/activitystreams/${ALL_STREAM_SLUG}`,
        kind: 'all',
        group: null,
        category: null,
        i: { subscribed: true, can: { read: true, post: false, subscribe: false } },
      };
      const network: Activitystream[] = readsNetworkStreams(actor)
        ? access.networkStreams.map((s) => ({
            id: s.id,
            slug: s.slug,
            name: s.name,
            html_url: `/activitystreams/${s.slug}`,
            kind: 'network' as const,
            group: null,
            category: null,
            i: {
              subscribed: subscribedTo(access, s.id),
              can: { read: true, post: postsTo(access, s.id), subscribe: enabled },
            },
          }))
        : [];
      // Guests see only the `all` stream (it holds their groups' posts).
      const groups = actor.isExternal
        ? []
        : [...access.groups.values()].sort(
            (a, b) =>
              a.category.position - b.category.position ||
              collator.compare(a.category.name, b.category.name) ||
              collator.compare(a.name, b.name),
          );
      const keep = (s: Activitystream) => !postable || s.i.can.post;
      const categories: ActivitystreamList['categories'] = [];
      const networkStreams = network.filter(keep).sort((a, b) => collator.compare(a.name, b.name));
      if (networkStreams.length > 0) categories.push({ category: null, streams: networkStreams });
      for (const group of groups) {
        const stream = groupStream(access, group);
        if (!keep(stream)) continue;
        const last = categories[categories.length - 1];
        if (last?.category?.id === group.category.id) last.streams.push(stream);
        else categories.push({ category: stream.category, streams: [stream] });
      }
      return {
        all,
        categories,
        subscriptions_enabled: enabled,
        can: { create_circular_letter: mayCreateCircularLetter(access) },
      };
    },

    /** Subscribes to (or from) a network stream or a group's; never `all`; 403 when the network does not allow it. */
    async subscribe(access: StreamAccess, streamId: string, on: boolean): Promise<void> {
      const { actor } = access;
      const network = access.networkStreams.find((s) => s.id === streamId);
      const group = access.groups.get(streamId);
      if (!(network && readsNetworkStreams(actor)) && !group) throw notFound();
      if (!subscriptionsEnabled(access)) throw forbidden();
      if (group) {
        if (group.role === null) throw forbidden();
        await deps.groups.setMembershipFlag(actor, group.id, 'subscribed', on);
        return;
      }
      await deps.events.transaction(async (tx) => {
        await repository.setSubscribed(tx, actor.networkId, actor.membershipId, streamId, on);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: on ? ACTIVITY_EVENTS.streamSubscribed : ACTIVITY_EVENTS.streamUnsubscribed,
          actorId: actor.membershipId,
          subject: { type: 'activitystream', id: streamId },
        });
      });
    },

    /** Marks a stream (the network's id: the home) seen now. */
    async markRead(access: StreamAccess, streamId: string): Promise<void> {
      const { actor } = access;
      const known =
        streamId === actor.networkId ||
        (readsNetworkStreams(actor) && access.networkStreams.some((s) => s.id === streamId)) ||
        access.groups.has(streamId);
      if (!known) throw notFound();
      await deps.events.transaction(async (tx) => {
        await repository.markRead(tx, actor.networkId, actor.membershipId, streamId, new Date());
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: ACTIVITY_EVENTS.streamRead,
          actorId: actor.membershipId,
          subject: { type: 'activitystream', id: streamId },
        });
      });
    },
  };
}

export type Streams = ReturnType<typeof createStreams>;
export type { Actor };
