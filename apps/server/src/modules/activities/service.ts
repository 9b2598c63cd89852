import type { Activity, ActivityBody, ActivityPage } from '@agora/contracts';
import { activityBodySchema } from '@agora/contracts';
import type { StorageOwnerPolicy } from '../../platform/storage/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { createAccess, readsTarget, type StreamAccess } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { createPosting, type ActivityBodyParsed, type ActivityUpdateParsed, type ModulePost } from './posting.ts';
import { createActivitiesRepository } from './repository.ts';
import type { ActivityRow } from './tables.ts';
import { createActivityViews, type ActivityListQuery } from './view.ts';

/**
 * Activity streams: the network's streams and the groups', posts to them (notes, questions, and
 * what other modules announce), replies and answers, likes, tags, mentions, unread counts.
 */
export function createActivitiesService(deps: ActivitiesDeps) {
  const repository = createActivitiesRepository(deps.db);
  const access = createAccess(deps, repository);
  const views = createActivityViews(deps, repository);
  const posting = createPosting(deps, repository);

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

  return {
    repository,
    access,
    views,
    activityOwner,
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

    /** Posts for a member from the server (seeds, other modules): the composer's body, unparsed. */
    async createForActor(actor: Actor, body: ActivityBody, options: { at?: Date } = {}): Promise<ActivityRow> {
      const parsed = activityBodySchema.parse({ activity: body }).activity;
      return posting.create(await access.load(actor), parsed, options);
    },

    /**
     * What another module announces (an appointment, a group join …) in the streams given
     * (network stream ids and group ids), with its own `activity.created` event.
     */
    postFromModule: (input: ModulePost): Promise<ActivityRow> => posting.postFromModule(input),

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
