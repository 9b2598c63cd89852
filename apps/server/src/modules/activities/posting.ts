import {
  ACTIVITY_ERROR_KEYS as KEYS,
  NEW_TAG_PREFIX,
  type activityBodySchema,
  type activityUpdateBodySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import { forbidden, HttpError, unprocessable } from '../../platform/errors.ts';
import { sanitizeHtml } from '../../platform/html/sanitize.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { moderates, postsTo, targetChanges, type StreamAccess, type Target } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { ACTIVITY_EVENTS, ACTIVITY_OWNER, ACTIVITY_REPLY_OWNER } from './events.ts';
import { firstLinkOf, mentionsOf, plainTextOf } from './html.ts';
import type { ActivitiesRepository } from './repository.ts';
import type { ActivityRow } from './tables.ts';

export type ActivityBodyParsed = z.output<typeof activityBodySchema>['activity'];
export type ActivityUpdateParsed = z.output<typeof activityUpdateBodySchema>['activity'];

/** What another module posts (an appointment, a group join …): no HTML checks, no uploads. */
export type ModulePost = {
  networkId: string;
  actorId: string | null;
  type: string;
  objectId: string | null;
  title: string | null;
  url: string | null;
  date: { start: string; end: string; all_day: boolean } | null;
  /** HTML; sanitized here. */
  content: string;
  /** Network stream ids and group ids. */
  streamIds: string[];
  createdAt?: Date;
};

/** Sanitized content with what is read from it. */
export function readContent(raw: string) {
  const content = sanitizeHtml(raw);
  const plain = plainTextOf(content);
  return { content, plain, link: firstLinkOf(content, plain), mentions: mentionsOf(content) };
}

/** Uploads given to an owner; 422 `attachment_not_uploaded` on `field` otherwise. */
export async function attachUploads(
  deps: ActivitiesDeps,
  tx: Db,
  actor: Actor,
  owner: { type: string; id: string },
  files: string[],
  images: string[],
): Promise<void> {
  for (const [ids, directory, field] of [
    [files, 'files', 'files'],
    [images, 'images', 'images'],
  ] as const) {
    if (ids.length === 0) continue;
    try {
      await deps.storage.attach(actor, ids, owner, { db: tx, field, directory });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 422) {
        throw unprocessable({ [field]: [KEYS.attachmentNotUploaded] });
      }
      throw error;
    }
  }
}

/**
 * Posting, editing and deleting activities. Every write records its event in its transaction;
 * notifications, live events and unread pushes follow from the events.
 */
export function createPosting(deps: ActivitiesDeps, repository: ActivitiesRepository) {
  /** The tags named: ids of existing tags, or `new_` and a name (made, or the existing one of that name). */
  async function resolveTags(tx: Db, networkId: string, refs: string[]): Promise<string[]> {
    const ids = refs.filter((r) => !r.startsWith(NEW_TAG_PREFIX));
    const names = [
      ...new Set(
        refs
          .filter((r) => r.startsWith(NEW_TAG_PREFIX))
          .map((r) => r.slice(NEW_TAG_PREFIX.length).trim().replace(/\s+/g, ' '))
          .filter((n) => n.length > 0),
      ),
    ];
    const existing = await repository.tagsByIds(networkId, ids, tx);
    if (existing.length !== new Set(ids).size) throw unprocessable({ tags: ['invalid'] });
    await repository.insertTags(tx, networkId, names);
    const named = await repository.tagsByNames(networkId, names, tx);
    const result: string[] = [];
    for (const ref of refs) {
      const id = ref.startsWith(NEW_TAG_PREFIX)
        ? named.find(
            (t) => t.name.toLowerCase() === ref.slice(NEW_TAG_PREFIX.length).trim().replace(/\s+/g, ' ').toLowerCase(),
          )?.id
        : ref;
      if (id && !result.includes(id)) result.push(id);
    }
    return result;
  }

  /** The members mentioned among those of the network (unknown ids dropped). */
  async function mentionedMembers(networkId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = new Set((await deps.members.findMany(networkId, ids)).map((m) => m.id));
    return ids.filter((id) => found.has(id));
  }

  function targetsFor(access: StreamAccess, streamIds: string[]): Target[] {
    return [...new Set(streamIds)].map((id) => ({ streamId: id, groupId: access.groups.has(id) ? id : null }));
  }

  async function recordCreated(tx: Db, row: ActivityRow, targets: Target[], mentioned: string[]) {
    await deps.events.record(tx, {
      networkId: row.networkId,
      type: ACTIVITY_EVENTS.created,
      actorId: row.actorId,
      subject: { type: 'activity', id: row.id },
      changes: {
        ...targetChanges(targets),
        type: row.type,
        mentioned_ids: mentioned,
      },
    });
  }

  /**
   * Inserts what another module announces, with its targets and its event, in the caller's
   * transaction (a processor's delivery, so that a repeated delivery posts nothing twice).
   */
  async function insertModulePost(
    tx: Db,
    input: Omit<ModulePost, 'streamIds'>,
    targets: Target[],
  ): Promise<ActivityRow> {
    const content = sanitizeHtml(input.content);
    const id = newId(input.createdAt?.getTime());
    const row = await repository.insertActivity(tx, {
      id,
      networkId: input.networkId,
      actorId: input.actorId,
      type: input.type,
      objectId: input.objectId,
      title: input.title,
      url: input.url,
      date: input.date,
      content,
      plainContent: plainTextOf(content),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    });
    await repository.insertTargets(
      tx,
      targets.map((t) => ({
        ...t,
        activityId: id,
        networkId: input.networkId,
        actorId: input.actorId,
        type: input.type,
      })),
    );
    await recordCreated(tx, row, targets, []);
    return row;
  }

  return {
    /** `POST /api/v1/activities` for an actor whose access is loaded. */
    async create(access: StreamAccess, body: ActivityBodyParsed, options: { at?: Date } = {}): Promise<ActivityRow> {
      const { actor } = access;
      const read = readContent(body.content);
      const errors: Record<string, string[]> = {};
      if (!read.plain && body.files.length === 0 && body.images.length === 0) errors.content = [KEYS.contentEmpty];
      if (body.activitystream_ids.length === 0) errors.activitystream_ids = [KEYS.streamsEmpty];
      else if (body.activitystream_ids.some((id) => !postsTo(access, id))) {
        errors.activitystream_ids = [KEYS.streamNotAllowed];
      }
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const targets = targetsFor(access, body.activitystream_ids);
      const mentioned = await mentionedMembers(actor.networkId, read.mentions.memberIds);
      return deps.events.transaction(async (tx) => {
        const id = newId(options.at?.getTime());
        const row = await repository.insertActivity(tx, {
          id,
          networkId: actor.networkId,
          actorId: actor.membershipId,
          type: body.type,
          content: read.content,
          plainContent: read.plain,
          linkUrl: read.link,
          ...(options.at ? { createdAt: options.at, updatedAt: options.at } : {}),
        });
        await repository.insertTargets(
          tx,
          targets.map((t) => ({
            ...t,
            activityId: id,
            networkId: actor.networkId,
            actorId: actor.membershipId,
            type: body.type,
          })),
        );
        await attachUploads(deps, tx, actor, { type: ACTIVITY_OWNER, id }, body.files, body.images);
        await repository.setTaggings(tx, actor.networkId, id, await resolveTags(tx, actor.networkId, body.tags));
        await repository.setMentions(tx, actor.networkId, id, id, mentioned);
        await recordCreated(tx, row, targets, mentioned);
        return row;
      });
    },

    /** What another module announces: posted as given, in the streams given, with its event. */
    async postFromModule(input: ModulePost): Promise<ActivityRow> {
      // What is not one of the network's streams is a group's.
      const networkStreamIds = new Set((await repository.streams(input.networkId)).map((s) => s.id));
      const targets: Target[] = [...new Set(input.streamIds)].map((id) => ({
        streamId: id,
        groupId: networkStreamIds.has(id) ? null : id,
      }));
      return deps.events.transaction((tx) => insertModulePost(tx, input, targets));
    },

    insertModulePost,

    /** `PUT /api/v1/activities/{id}`: the author changes content, files, images, tags. */
    async update(access: StreamAccess, row: ActivityRow, targets: Target[], body: ActivityUpdateParsed) {
      const { actor } = access;
      if (row.actorId !== actor.membershipId || (row.type !== 'note' && row.type !== 'question')) throw forbidden();
      const read = readContent(body.content);
      if (!read.plain && body.files.length === 0 && body.images.length === 0) {
        throw unprocessable({ content: [KEYS.contentEmpty] });
      }
      const mentioned = await mentionedMembers(actor.networkId, read.mentions.memberIds);
      const previous = new Set((await repository.mentionsOf([row.id])).map((m) => m.membershipId));
      // Read before the transaction: inside it only `tx` may be used.
      const owned = await deps.storage.owned(actor.networkId, ACTIVITY_OWNER, [row.id]);
      const kept = new Set([...body.files, ...body.images]);
      const dropped = (owned.get(row.id) ?? []).filter((o) => !kept.has(o.id)).map((o) => o.id);
      return deps.events.transaction(async (tx) => {
        if (dropped.length > 0) {
          await deps.storage.removeOwned(
            actor.networkId,
            { objectIds: dropped },
            { db: tx, actorId: actor.membershipId },
          );
        }
        await attachUploads(deps, tx, actor, { type: ACTIVITY_OWNER, id: row.id }, body.files, body.images);
        await repository.setTaggings(tx, actor.networkId, row.id, await resolveTags(tx, actor.networkId, body.tags));
        await repository.setMentions(tx, actor.networkId, row.id, row.id, mentioned);
        const updated = await repository.updateActivity(tx, row.id, {
          content: read.content,
          plainContent: read.plain,
          linkUrl: read.link,
          editedAt: new Date(),
        });
        await deps.events.record(tx, {
          networkId: row.networkId,
          type: ACTIVITY_EVENTS.updated,
          actorId: actor.membershipId,
          subject: { type: 'activity', id: row.id },
          changes: {
            ...targetChanges(targets),
            mentioned_ids: mentioned.filter((id) => !previous.has(id)),
          },
        });
        return updated;
      });
    },

    /** `DELETE /api/v1/activities/{id}`: the author, network admins and admins of a target group. */
    async destroy(access: StreamAccess, row: ActivityRow, targets: Target[]): Promise<void> {
      const { actor } = access;
      if (row.actorId !== actor.membershipId && !moderates(access, targets)) throw forbidden();
      const removed = await deps.events.transaction(async (tx) => {
        const replyIds = await repository.replyIdsOf(tx, row.id);
        const objects = [
          ...(await deps.storage.removeOwned(
            actor.networkId,
            { type: ACTIVITY_OWNER, ids: [row.id] },
            { db: tx, actorId: actor.membershipId },
          )),
          ...(await deps.storage.removeOwned(
            actor.networkId,
            { type: ACTIVITY_REPLY_OWNER, ids: replyIds },
            { db: tx, actorId: actor.membershipId },
          )),
        ];
        await repository.deleteActivity(tx, row.id);
        await deps.events.record(tx, {
          networkId: row.networkId,
          type: ACTIVITY_EVENTS.destroyed,
          actorId: actor.membershipId,
          subject: { type: 'activity', id: row.id },
          changes: {
            ...targetChanges(targets),
            author_id: row.actorId,
          },
        });
        return objects;
      });
      await deps.storage.purge(removed);
    },
  };
}

export type Posting = ReturnType<typeof createPosting>;
