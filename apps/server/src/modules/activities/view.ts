import {
  ACTIVITY_LIMITS,
  ALL_STREAM_SLUG,
  type Activity,
  type ActivityPage,
  type ActivitystreamRef,
  type activityListQuerySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import {
  moderates,
  readableGroupIds,
  readsNetworkStreams,
  readsTarget,
  type StreamAccess,
  type Target,
} from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { circularLetterInfos } from './circular-letter-info.ts';
import { ACTIVITY_OWNER, ACTIVITY_REPLY_OWNER } from './events.ts';
import type { LinkPreviews } from './link-previews.ts';
import { presentActivity, type ActivityContext } from './present.ts';
import type { ActivitiesRepository, TargetScope } from './repository.ts';
import type { ActivityReplyRow, ActivityRow } from './tables.ts';

export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

/** A stream's reference as activities and lists show it. */
export function streamRef(access: StreamAccess, target: Target): ActivitystreamRef | null {
  if (target.groupId === null) {
    const stream = access.networkStreams.find((s) => s.id === target.streamId);
    return stream
      ? { id: stream.id, slug: stream.slug, name: stream.name, html_url: `/activitystreams/${stream.slug}` }
      : null;
  }
  const group = access.groups.get(target.groupId);
  return group
    ? { id: group.id, slug: group.slug, name: group.name, html_url: `/groups/${group.slug}/activitystreams` }
    : null;
}

/** Reading activities: pages of streams, one activity, with everything they show in a fixed number of queries. */
export function createActivityViews(
  deps: ActivitiesDeps,
  repository: ActivitiesRepository,
  linkPreviews: Pick<LinkPreviews, 'byUrls'>,
) {
  /** What the actor may do with replies they can read. */
  const replyCan = (access: StreamAccess, targets: Target[]) => (reply: ActivityReplyRow) => ({
    update: reply.actorId === access.actor.membershipId,
    destroy: reply.actorId === access.actor.membershipId || moderates(access, targets),
    like: true,
  });

  /** The activities (already known readable) of a page, each with what it shows. */
  async function present(
    access: StreamAccess,
    rows: ActivityRow[],
    targets: Map<string, Target[]>,
  ): Promise<Activity[]> {
    if (rows.length === 0) return [];
    const { networkId, membershipId } = access.actor;
    const ids = rows.map((r) => r.id);
    const [latest, tagRows, links] = await Promise.all([
      repository.latestReplies(ids, ACTIVITY_LIMITS.latestReplies),
      repository.taggingsOf(ids),
      linkPreviews.byUrls(rows.flatMap((r) => (r.linkUrl ? [r.linkUrl] : []))),
    ]);
    const quotedIds = latest.flatMap((r) => (r.quotedReplyId ? [r.quotedReplyId] : []));
    const replyIds = latest.map((r) => r.id);
    const [quotedRows, mentionRows, activityUploads, replyUploads, liked, ignored] = await Promise.all([
      repository.repliesByIds(quotedIds),
      repository.mentionsOf([...ids, ...replyIds]),
      deps.storage.owned(networkId, ACTIVITY_OWNER, ids),
      deps.storage.owned(networkId, ACTIVITY_REPLY_OWNER, replyIds),
      repository.likedAmong(membershipId, [...ids, ...replyIds]),
      deps.ignoredMembers.ignoredBy(membershipId),
    ]);
    const memberIds = new Set<string>();
    for (const r of [...rows, ...latest, ...quotedRows]) if (r.actorId) memberIds.add(r.actorId);
    for (const m of mentionRows) memberIds.add(m.membershipId);
    const members = await deps.members.findMany(networkId, [...memberIds]);

    const group = <T, K>(list: T[], key: (t: T) => string, value: (t: T) => K) => {
      const map = new Map<string, K[]>();
      for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), value(item)]);
      return map;
    };
    const context: ActivityContext = {
      members: new Map(members.map((m) => [m.id, m])),
      streams: new Map(
        ids.map((id) => [
          id,
          (targets.get(id) ?? []).flatMap((t) => {
            const ref = streamRef(access, t);
            return ref ? [ref] : [];
          }),
        ]),
      ),
      uploads: new Map([...activityUploads, ...replyUploads]),
      tags: group(
        tagRows,
        (t) => t.activityId,
        (t) => ({ id: t.id, name: t.name }),
      ),
      mentions: group(
        mentionRows,
        (m) => m.subjectId,
        (m) => m.membershipId,
      ),
      latest: group(
        latest,
        (r) => r.activityId,
        (r) => r,
      ),
      quoted: new Map(quotedRows.map((r) => [r.id, r])),
      liked,
      links,
      ignored,
      can: new Map(
        rows.map((row) => {
          const own = row.actorId === membershipId;
          const posted = row.type === 'note' || row.type === 'question';
          return [row.id, { update: own && posted, destroy: own || moderates(access, targets.get(row.id) ?? []) }];
        }),
      ),
    };
    const letters = await circularLetterInfos(deps.db, access, rows);
    return rows.map((row) => ({
      ...presentActivity(row, context, replyCan(access, targets.get(row.id) ?? [])),
      circular_letter: letters.get(row.id) ?? null,
    }));
  }

  /** Of some ids, the activities the actor may read, in the order given, with their targets. */
  async function readable(access: StreamAccess, ids: string[]) {
    const [rows, targetRows] = await Promise.all([
      repository.byIds(access.actor.networkId, ids),
      repository.targetsOf(ids),
    ]);
    const targets = new Map<string, Target[]>();
    for (const t of targetRows) targets.set(t.activityId, [...(targets.get(t.activityId) ?? []), t]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kept = ids.flatMap((id) => {
      const row = byId.get(id);
      return row && (targets.get(id) ?? []).some((t) => readsTarget(access, t)) ? [row] : [];
    });
    return { rows: kept, targets };
  }

  /** One activity the actor may read, with its targets; 404 otherwise. */
  async function loadReadable(access: StreamAccess, id: string) {
    const { rows, targets } = await readable(access, [id]);
    const row = rows[0];
    if (!row) throw notFound();
    return { row, targets: targets.get(id) ?? [] };
  }

  /** The targets a page reads; 404 for a stream the actor cannot read or that does not exist. */
  function scopeOf(access: StreamAccess, query: ActivityListQuery): TargetScope {
    const { actor, settings } = access;
    if (query.group_id) {
      if (!access.groups.has(query.group_id)) throw notFound();
      return { streamId: query.group_id };
    }
    if (query.stream !== ALL_STREAM_SLUG) {
      const stream = access.networkStreams.find((s) => s.slug === query.stream);
      if (stream) {
        if (!readsNetworkStreams(actor)) throw notFound();
        return { streamId: stream.id };
      }
      const group = [...access.groups.values()].find((g) => g.slug === query.stream);
      if (!group) throw notFound();
      return { streamId: group.id };
    }
    const home = query.subscribed === true && settings.activitystream_subscriptions !== false;
    return {
      network: readsNetworkStreams(actor),
      excludedStreamIds: home ? [...access.unsubscribed] : [],
      groupIds: readableGroupIds(access, home),
    };
  }

  return {
    present,
    readable,
    loadReadable,
    scopeOf,

    /** `GET /api/v1/activities`: a page, newest first. */
    async list(access: StreamAccess, query: ActivityListQuery): Promise<ActivityPage> {
      const actor: Actor = access.actor;
      const scope = scopeOf(access, query);
      const ids = await repository.pageIds({
        networkId: actor.networkId,
        scope,
        before: query.before,
        limit: query.limit + 1,
        questions: query.filter === 'questions',
        actorId: query.filter === 'mine' ? actor.membershipId : query.member_id,
        mentionsOf: query.filter === 'mentions' ? actor.membershipId : undefined,
        likedBy: query.filter === 'liked' ? actor.membershipId : undefined,
        tagId: query.tag ? ((await repository.tagsByNames(actor.networkId, [query.tag]))[0]?.id ?? '-') : undefined,
      });
      const more = ids.length > query.limit;
      const pageIds = ids.slice(0, query.limit);
      const { rows, targets } = await readable(access, pageIds);
      return {
        activities: await present(access, rows, targets),
        next_before: more ? (pageIds[pageIds.length - 1] ?? null) : null,
      };
    },
  };
}

export type ActivityViews = ReturnType<typeof createActivityViews>;
