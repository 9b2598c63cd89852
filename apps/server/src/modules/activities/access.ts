import { networkSettingsSchema, type NetworkSettings } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { ContentGroup } from '../groups/index.ts';
import type { ActivitiesDeps } from './deps.ts';
import type { ActivitiesRepository } from './repository.ts';
import type { ActivitystreamRow } from './tables.ts';

/** The slug and names of the stream a network is given first. */
export const DEFAULT_STREAM = { slug: 'general', names: { de: 'Allgemein', en: 'General' } as Record<string, string> };

/**
 * What a member may read and post to, loaded once per request: the network's streams, the
 * groups whose content they read (with their role), and their unsubscribed network streams.
 */
export type StreamAccess = {
  actor: Actor;
  settings: NetworkSettings;
  networkStreams: ActivitystreamRow[];
  groups: Map<string, ContentGroup>;
  unsubscribed: Set<string>;
};

/** A target of an activity as stored. */
export type Target = { streamId: string; groupId: string | null };

/** Where an activity went, as its events carry it (the processors' rooms and counts read this). */
export function targetChanges(targets: Target[]) {
  return {
    stream_ids: targets.map((t) => t.streamId),
    group_ids: targets.flatMap((t) => (t.groupId ? [t.groupId] : [])),
    network: targets.some((t) => t.groupId === null),
  };
}

export function createAccess(deps: ActivitiesDeps, repository: ActivitiesRepository) {
  async function settingsOf(networkId: string): Promise<{ settings: NetworkSettings; language: string }> {
    const network = await deps.networks.get(networkId);
    return { settings: networkSettingsSchema.parse(network?.settings ?? {}), language: network?.language ?? 'de' };
  }

  /** The network's streams; the default one is made the first time. */
  async function networkStreams(networkId: string, language: string): Promise<ActivitystreamRow[]> {
    const rows = await repository.streams(networkId);
    if (rows.length > 0) return rows;
    const name = DEFAULT_STREAM.names[language.slice(0, 2)] ?? DEFAULT_STREAM.names.en!;
    await repository.ensureStream(networkId, DEFAULT_STREAM.slug, name);
    return repository.streams(networkId);
  }

  async function load(actor: Actor): Promise<StreamAccess> {
    const { settings, language } = await settingsOf(actor.networkId);
    const [streams, groups, unsubscribed] = await Promise.all([
      networkStreams(actor.networkId, language),
      deps.groups.contentGroups(actor),
      repository.unsubscribed(actor.membershipId),
    ]);
    return { actor, settings, networkStreams: streams, groups: new Map(groups.map((g) => [g.id, g])), unsubscribed };
  }

  return { load, settingsOf, networkStreams };
}

/** Network streams are for internal members; guests read only the groups they belong to. */
export const readsNetworkStreams = (actor: Actor) => !actor.isExternal;

export function readsTarget(access: StreamAccess, target: Target): boolean {
  return target.groupId === null ? readsNetworkStreams(access.actor) : access.groups.has(target.groupId);
}

/** The member may post to a network stream when internal, to a group's when a member of the group, not archived. */
export function postsTo(access: StreamAccess, streamId: string): boolean {
  if (access.networkStreams.some((s) => s.id === streamId)) return readsNetworkStreams(access.actor);
  const group = access.groups.get(streamId);
  return !!group && group.role !== null && !group.archived;
}

/** Moderates an activity's targets: network admins, and the admins of a group it was posted to. */
export function moderates(access: StreamAccess, targets: Target[]): boolean {
  if (access.actor.isNetworkAdmin) return true;
  return targets.some((t) => {
    const group = t.groupId ? access.groups.get(t.groupId) : undefined;
    return !!group && (group.role === 'admin' || group.categoryAdmin);
  });
}

/** Whether a stream reaches the member's home. */
export function subscribedTo(access: StreamAccess, streamId: string): boolean {
  const group = access.groups.get(streamId);
  if (group) return group.role !== null && group.subscribed;
  return !access.unsubscribed.has(streamId);
}

/** The groups whose posts the `all` stream (or, `home`, the home) shows the member. */
export function readableGroupIds(access: StreamAccess, home: boolean): string[] {
  return [...access.groups.values()].filter((g) => !home || (g.role !== null && g.subscribed)).map((g) => g.id);
}
