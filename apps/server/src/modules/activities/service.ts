import {
  ACTIVITY_LIMITS,
  activityBodySchema,
  NEW_TAG_PREFIX,
  type Activity,
  type ActivityBody,
  type ActivityLikePage,
  type ActivityPage,
  type ActivityReply,
  type ActivityReplyPage,
  type ActivityReplyType,
  type ActivitystreamList,
  type ActivityUnreads,
  type Tag,
} from '@agora/contracts';
import type { StorageOwnerPolicy } from '../../platform/storage/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { createAccess, readableGroupIds, readsNetworkStreams, readsTarget, type StreamAccess } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { createPosting, type ActivityBodyParsed, type ActivityUpdateParsed, type ModulePost } from './posting.ts';
import { activityProcessors } from './processors.ts';
import { createReplies, type ReplyBody } from './replies.ts';
import { createActivitiesRepository } from './repository.ts';
import { createStreams } from './streams.ts';
import { createActivityUnreads } from './unreads.ts';
import { createActivityDigest } from './digest.ts';
import type { ActivityRow } from './tables.ts';
import { createLinkPreviews } from './link-previews.ts';
import { createActivityViews, type ActivityListQuery } from './view.ts';

/**
 * Activity streams: the network's streams and the groups', posts to them (notes, questions, and
 * what other modules announce), replies and answers, likes, tags, mentions, unread counts.
 */
export function createActivitiesService(deps: ActivitiesDeps) {
  const repository = createActivitiesRepository(deps.db);
  const access = createAccess(deps, repository);
  const linkPreviews = createLinkPreviews({ ...deps, repository });
  const views = createActivityViews(deps, repository, linkPreviews);
  const posting = createPosting(deps, repository);
  const streams = createStreams(deps, repository);
  const replies = createReplies(deps, repository, views);
  const unreads = createActivityUnreads(deps, repository, access.load);

  async function presentOne(streamAccess: StreamAccess, id: string): Promise<Activity> {
    const { rows, targets } = await views.readable(streamAccess, [id]);
    const [activity] = await views.present(streamAccess, rows, targets);
    return activity!;
  }

  /** Who reads an activity's uploads: whoever reads the activity. */
  async function readableActivityIds(actor: Actor | null, ids: string[], networkId: string): Promise<Set<string>> {
    if (!actor || actor.networkId !== networkId || ids.length === 0) return new Set();
    const streamAccess = await access.load(actor);
    const targets = await repository.targetsOf(ids);
    return new Set(targets.filter((t) => readsTarget(streamAccess, t)).map((t) => t.activityId));
  }

  const activityOwner: StorageOwnerPolicy = {
    readableIds: readableActivityIds,
    async canUpdate(actor, ownerId) {
      const [row] = await repository.byIds(actor.networkId, [ownerId]);
      return !!row && row.actorId === actor.membershipId;
    },
  };

  /** Who reads a reply's uploads: whoever reads its activity. */
  const replyOwner: StorageOwnerPolicy = {
    async readableIds(actor, ids, networkId) {
      const rows = (await repository.repliesByIds(ids)).filter((r) => r.networkId === networkId);
      const readable = await readableActivityIds(actor, [...new Set(rows.map((r) => r.activityId))], networkId);
      return new Set(rows.filter((r) => readable.has(r.activityId)).map((r) => r.id));
    },
    async canUpdate(actor, ownerId) {
      const [row] = await repository.repliesByIds([ownerId]);
      return !!row && row.networkId === actor.networkId && row.actorId === actor.membershipId;
    },
  };

  return {
    repository,
    replyOwner,
    processors: [...activityProcessors(deps, repository, unreads, access.load), linkPreviews.processor],
    linkPreviews,
    /** The `Activities` counter of `GET /api/v1/unreads`. */
    activityUnreads: unreads.count,

    /** `GET /activitystreams.json`. */
    async streamList(actor: Actor, postable: boolean): Promise<ActivitystreamList> {
      return streams.list(await access.load(actor), postable);
    },
    async subscribe(actor: Actor, streamId: string, on: boolean): Promise<void> {
      await streams.subscribe(await access.load(actor), streamId, on);
    },
    async markRead(actor: Actor, streamId: string): Promise<void> {
      await streams.markRead(await access.load(actor), streamId);
    },
    /**
     * The posts a member may read in each of some groups (a group's stream), for the groups'
     * search hits: none in a group whose content they do not read. Two queries for any number.
     */
    async groupPostCounts(actor: Actor, groupIds: string[]): Promise<Map<string, number>> {
      const readable = await deps.groups.contentGroups(actor, groupIds);
      return repository.groupStreamCounts(
        actor.networkId,
        readable.map((g) => g.id),
      );
    },
    /** `GET /unreads/activities`. */
    unreadsPerStream: (actor: Actor): Promise<ActivityUnreads> => unreads.perStream(actor),

    async replies(
      actor: Actor,
      id: string,
      type: ActivityReplyType,
      query: { after?: string; limit: number },
    ): Promise<ActivityReplyPage> {
      return replies.list(await access.load(actor), id, type, query);
    },
    async reply(actor: Actor, id: string, type: ActivityReplyType, body: ReplyBody): Promise<ActivityReply> {
      return replies.create(await access.load(actor), id, type, body);
    },
    async updateReply(
      actor: Actor,
      id: string,
      type: ActivityReplyType,
      replyId: string,
      body: ReplyBody,
    ): Promise<ActivityReply> {
      return replies.update(await access.load(actor), id, type, replyId, body);
    },
    async destroyReply(actor: Actor, id: string, type: ActivityReplyType, replyId: string): Promise<void> {
      await replies.destroy(await access.load(actor), id, type, replyId);
    },
    /** Likes (or, `on` false, unlikes) an activity, or one of its replies. */
    async like(actor: Actor, id: string, replyId: string | null, on: boolean): Promise<void> {
      await replies.like(await access.load(actor), id, replyId, on);
    },
    async likesOf(
      actor: Actor,
      membershipId: string,
      query: { before?: string; limit: number },
    ): Promise<ActivityLikePage> {
      return replies.likesOf(await access.load(actor), membershipId, query);
    },

    /**
     * `GET /tags/find`: tags beginning with `q` (from ACTIVITY_LIMITS.tagSearchMinLength
     * characters), those not used yet or used where the member reads; first, unless
     * `exclude_new`, a new one named `q` when no tag is named so.
     */
    async findTags(actor: Actor, query: { q: string; tag_parents?: string; exclude_new?: boolean }): Promise<Tag[]> {
      const q = query.q.trim().replace(/\s+/g, ' ');
      if (q.length < ACTIVITY_LIMITS.tagSearchMinLength) return [];
      const streamAccess = await access.load(actor);
      const parentNames = query.tag_parents
        ?.split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const parents = parentNames
        ? (await repository.tagsByNames(actor.networkId, parentNames)).map((t) => t.id)
        : null;
      const found = await repository.findTags(
        actor.networkId,
        q,
        parents,
        { network: readsNetworkStreams(actor), excludedStreamIds: [], groupIds: readableGroupIds(streamAccess, false) },
        ACTIVITY_LIMITS.tagSearchResults,
      );
      const tags: Tag[] = found.map((t) => ({ id: t.id, name: t.name, new: false }));
      if (query.exclude_new || parents) return tags;
      // Judged on what the member may see: `new_` of a name taken elsewhere posts with that tag.
      const named = found.some((t) => t.name.toLowerCase() === q.toLowerCase());
      return named ? tags : [{ id: `${NEW_TAG_PREFIX}${q}`, name: q, new: true }, ...tags];
    },

    access,
    views,
    activityOwner,
    /** The posts of a time window for the digest mails (see digest.ts): a fixed number of queries per run. */
    digestPosts: createActivityDigest(deps.db).digestPosts,
    readableActivityIds,

    /** `GET /api/v1/activities`. */
    async list(actor: Actor, query: ActivityListQuery): Promise<ActivityPage> {
      return views.list(await access.load(actor), query);
    },

    /** `GET /api/v1/activities/{id}`: 404 for what the actor may not read. */
    async show(actor: Actor, id: string): Promise<Activity> {
      const streamAccess = await access.load(actor);
      await views.loadReadable(streamAccess, id);
      return presentOne(streamAccess, id);
    },

    /** `POST /api/v1/activities`: answers the activity as its author sees it. */
    async create(actor: Actor, body: ActivityBodyParsed, options: { at?: Date } = {}): Promise<Activity> {
      const streamAccess = await access.load(actor);
      const row = await posting.create(streamAccess, body, options);
      return presentOne(streamAccess, row.id);
    },

    /**
     * Posts for a member from the server (seeds, other modules): the composer's fields, flat or
     * as the request's `{activity: {...}}`, parsed and checked as a request's.
     */
    async createForActor(
      actor: Actor,
      body: ActivityBody | ActivityBody['activity'],
      options: { at?: Date } = {},
    ): Promise<ActivityRow> {
      const parsed = activityBodySchema.parse('activity' in body ? body : { activity: body }).activity;
      return posting.create(await access.load(actor), parsed, options);
    },

    /**
     * What another module announces (an appointment, a group join …) in the streams given
     * (network stream ids and group ids), with its own `activity.created` event.
     */
    postFromModule: (input: ModulePost): Promise<ActivityRow> => posting.postFromModule(input),
    /** The same, in a transaction of the caller's (a processor's delivery). */
    insertModulePost: posting.insertModulePost,

    /** The id of the network's default stream (made when missing). */
    async defaultStreamId(networkId: string): Promise<string> {
      const { language } = await access.settingsOf(networkId);
      return (await access.networkStreams(networkId, language))[0]!.id;
    },

    /** `PUT /api/v1/activities/{id}`. */
    async update(actor: Actor, id: string, body: ActivityUpdateParsed): Promise<Activity> {
      const streamAccess = await access.load(actor);
      const { row, targets } = await views.loadReadable(streamAccess, id);
      await posting.update(streamAccess, row, targets, body);
      return presentOne(streamAccess, id);
    },

    /** `DELETE /api/v1/activities/{id}`. */
    async destroy(actor: Actor, id: string): Promise<void> {
      const streamAccess = await access.load(actor);
      const { row, targets } = await views.loadReadable(streamAccess, id);
      await posting.destroy(streamAccess, row, targets);
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
