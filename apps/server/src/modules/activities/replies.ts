import {
  ACTIVITY_ERROR_KEYS as KEYS,
  type ActivityLikePage,
  type ActivityReply,
  type ActivityReplyPage,
  type ActivityReplyType,
  type activityReplyBodySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { moderates, targetChanges, type StreamAccess, type Target } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { ACTIVITY_EVENTS, ACTIVITY_REPLY_OWNER } from './events.ts';
import { attachUploads, readContent } from './posting.ts';
import { presentReply, type ActivityContext } from './present.ts';
import type { ActivitiesRepository } from './repository.ts';
import type { ActivityReplyRow, ActivityRow } from './tables.ts';
import type { ActivityViews } from './view.ts';

export type ReplyBody = z.output<typeof activityReplyBodySchema>;

/** Replies and answers of an activity, and likes of activities and replies. */
export function createReplies(deps: ActivitiesDeps, repository: ActivitiesRepository, views: ActivityViews) {
  const changes = targetChanges;

  async function presentReplies(
    access: StreamAccess,
    targets: Target[],
    rows: ActivityReplyRow[],
  ): Promise<ActivityReply[]> {
    if (rows.length === 0) return [];
    const { networkId, membershipId } = access.actor;
    const ids = rows.map((r) => r.id);
    const quotedIds = rows.flatMap((r) => (r.quotedReplyId ? [r.quotedReplyId] : []));
    const [quotedRows, mentionRows, uploads, liked, ignored] = await Promise.all([
      repository.repliesByIds(quotedIds),
      repository.mentionsOf(ids),
      deps.storage.owned(networkId, ACTIVITY_REPLY_OWNER, ids),
      repository.likedAmong(membershipId, ids),
      deps.ignoredMembers.ignoredBy(membershipId),
    ]);
    const memberIds = new Set<string>();
    for (const r of [...rows, ...quotedRows]) if (r.actorId) memberIds.add(r.actorId);
    for (const m of mentionRows) memberIds.add(m.membershipId);
    const members = await deps.members.findMany(networkId, [...memberIds]);
    const mentions = new Map<string, string[]>();
    for (const m of mentionRows) mentions.set(m.subjectId, [...(mentions.get(m.subjectId) ?? []), m.membershipId]);
    const context: ActivityContext = {
      members: new Map(members.map((m) => [m.id, m])),
      streams: new Map(),
      uploads,
      tags: new Map(),
      mentions,
      latest: new Map(),
      quoted: new Map(quotedRows.map((r) => [r.id, r])),
      liked,
      can: new Map(),
      links: new Map(),
      ignored,
    };
    const mod = moderates(access, targets);
    return rows.map((r) =>
      presentReply(r, context, {
        update: r.actorId === membershipId,
        destroy: r.actorId === membershipId || mod,
        like: true,
      }),
    );
  }

  async function loadReply(activity: ActivityRow, type: ActivityReplyType, replyId: string) {
    const reply = await repository.replyById(activity.id, replyId);
    if (!reply || reply.type !== type) throw notFound();
    return reply;
  }

  async function mentioned(networkId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const found = new Set((await deps.members.findMany(networkId, ids)).map((m) => m.id));
    return ids.filter((id) => found.has(id));
  }

  async function like(access: StreamAccess, activityId: string, replyId: string | null, on: boolean): Promise<void> {
    const { actor } = access;
    const { row, targets } = await views.loadReadable(access, activityId);
    if (replyId && !(await repository.replyById(row.id, replyId))) throw notFound();
    await deps.events.transaction(async (tx) => {
      const changed = on
        ? await repository.like(tx, {
            networkId: actor.networkId,
            membershipId: actor.membershipId,
            activityId: row.id,
            subjectId: replyId ?? row.id,
            replyId,
          })
        : await repository.unlike(tx, row.id, replyId, actor.membershipId);
      if (!changed) return;
      await deps.events.record(tx, {
        networkId: actor.networkId,
        type: replyId
          ? on
            ? ACTIVITY_EVENTS.replyLiked
            : ACTIVITY_EVENTS.replyUnliked
          : on
            ? ACTIVITY_EVENTS.liked
            : ACTIVITY_EVENTS.unliked,
        actorId: actor.membershipId,
        subject: replyId ? { type: 'activity_reply', id: replyId } : { type: 'activity', id: row.id },
        context: { type: 'activity', id: row.id },
        changes: changes(targets),
      });
    });
  }

  return {
    presentReplies,

    /** `GET /api/v1/activities/{id}/{type}`: oldest first. */
    async list(
      access: StreamAccess,
      activityId: string,
      type: ActivityReplyType,
      query: { after?: string; limit: number },
    ): Promise<ActivityReplyPage> {
      const { targets } = await views.loadReadable(access, activityId);
      const rows = await repository.replies(activityId, type, query.after, query.limit + 1);
      const more = rows.length > query.limit;
      const kept = rows.slice(0, query.limit);
      return {
        replies: await presentReplies(access, targets, kept),
        next_after: more ? (kept[kept.length - 1]?.id ?? null) : null,
      };
    },

    /** `POST /api/v1/activities/{id}/{type}`: anyone who reads the activity; answers only under questions. */
    async create(
      access: StreamAccess,
      activityId: string,
      type: ActivityReplyType,
      body: ReplyBody,
    ): Promise<ActivityReply> {
      const { actor } = access;
      const { row, targets } = await views.loadReadable(access, activityId);
      if (type === 'answers' && row.type !== 'question') {
        throw unprocessable({ type: [KEYS.answersOnlyForQuestions] });
      }
      const read = readContent(body.content);
      if (!read.plain && body.files.length === 0 && body.images.length === 0) {
        throw unprocessable({ content: [KEYS.contentEmpty] });
      }
      for (const [field, id] of [
        ['quotedReplyId', body.quotedReplyId],
        ['replyId', body.replyId],
      ] as const) {
        if (id && !(await repository.replyById(row.id, id))) throw unprocessable({ [field]: [KEYS.replyNotFound] });
      }
      const mentions = await mentioned(actor.networkId, read.mentions.memberIds);
      const reply = await deps.events.transaction(async (tx) => {
        const inserted = await repository.insertReply(tx, {
          activityId: row.id,
          networkId: actor.networkId,
          type,
          actorId: actor.membershipId,
          content: read.content,
          plainContent: read.plain,
          quotedReplyId: body.quotedReplyId ?? null,
          replyId: body.replyId ?? null,
        });
        await repository.countReply(tx, row.id, type);
        await attachUploads(deps, tx, actor, { type: ACTIVITY_REPLY_OWNER, id: inserted.id }, body.files, body.images);
        await repository.setMentions(tx, actor.networkId, row.id, inserted.id, mentions);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: ACTIVITY_EVENTS.replyCreated,
          actorId: actor.membershipId,
          subject: { type: 'activity_reply', id: inserted.id },
          context: { type: 'activity', id: row.id },
          changes: { ...changes(targets), reply_type: type, activity_author_id: row.actorId, mentioned_ids: mentions },
        });
        return inserted;
      });
      const [presented] = await presentReplies(access, targets, [reply]);
      return presented!;
    },

    /** `PUT /api/v1/activities/{id}/{type}/{replyId}`: by its author. */
    async update(
      access: StreamAccess,
      activityId: string,
      type: ActivityReplyType,
      replyId: string,
      body: ReplyBody,
    ): Promise<ActivityReply> {
      const { actor } = access;
      const { row, targets } = await views.loadReadable(access, activityId);
      const reply = await loadReply(row, type, replyId);
      if (reply.actorId !== actor.membershipId) throw forbidden();
      const read = readContent(body.content);
      if (!read.plain && body.files.length === 0 && body.images.length === 0) {
        throw unprocessable({ content: [KEYS.contentEmpty] });
      }
      if (body.quotedReplyId && !(await repository.replyById(row.id, body.quotedReplyId))) {
        throw unprocessable({ quotedReplyId: [KEYS.replyNotFound] });
      }
      const mentions = await mentioned(actor.networkId, read.mentions.memberIds);
      const previous = new Set((await repository.mentionsOf([reply.id])).map((m) => m.membershipId));
      // Read before the transaction: inside it only `tx` may be used.
      const owned = await deps.storage.owned(actor.networkId, ACTIVITY_REPLY_OWNER, [reply.id]);
      const kept = new Set([...body.files, ...body.images]);
      const dropped = (owned.get(reply.id) ?? []).filter((o) => !kept.has(o.id)).map((o) => o.id);
      const updated = await deps.events.transaction(async (tx) => {
        if (dropped.length > 0) {
          await deps.storage.removeOwned(
            actor.networkId,
            { objectIds: dropped },
            { db: tx, actorId: actor.membershipId },
          );
        }
        await attachUploads(deps, tx, actor, { type: ACTIVITY_REPLY_OWNER, id: reply.id }, body.files, body.images);
        await repository.setMentions(tx, actor.networkId, row.id, reply.id, mentions);
        const result = await repository.updateReply(tx, reply.id, {
          content: read.content,
          plainContent: read.plain,
          quotedReplyId: body.quotedReplyId ?? reply.quotedReplyId,
          editedAt: new Date(),
        });
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: ACTIVITY_EVENTS.replyUpdated,
          actorId: actor.membershipId,
          subject: { type: 'activity_reply', id: reply.id },
          context: { type: 'activity', id: row.id },
          changes: { ...changes(targets), mentioned_ids: mentions.filter((id) => !previous.has(id)) },
        });
        return result;
      });
      const [presented] = await presentReplies(access, targets, [updated]);
      return presented!;
    },

    /** `DELETE /api/v1/activities/{id}/{type}/{replyId}`: its author and the activity's moderators. */
    async destroy(access: StreamAccess, activityId: string, type: ActivityReplyType, replyId: string): Promise<void> {
      const { actor } = access;
      const { row, targets } = await views.loadReadable(access, activityId);
      const reply = await loadReply(row, type, replyId);
      if (reply.actorId !== actor.membershipId && !moderates(access, targets)) throw forbidden();
      const removed = await deps.events.transaction(async (tx) => {
        const objects = await deps.storage.removeOwned(
          actor.networkId,
          { type: ACTIVITY_REPLY_OWNER, ids: [reply.id] },
          { db: tx, actorId: actor.membershipId },
        );
        await repository.deleteReply(tx, reply);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: ACTIVITY_EVENTS.replyDestroyed,
          actorId: actor.membershipId,
          subject: { type: 'activity_reply', id: reply.id },
          context: { type: 'activity', id: row.id },
          changes: { ...changes(targets), author_id: reply.actorId },
        });
        return objects;
      });
      await deps.storage.purge(removed);
    },

    like,

    /** `GET /api/v1/members/{id}/likes`: what a member liked that the viewer may read, newest like first. */
    async likesOf(
      access: StreamAccess,
      membershipId: string,
      query: { before?: string; limit: number },
    ): Promise<ActivityLikePage> {
      const [member] = await deps.members.findMany(access.actor.networkId, [membershipId]);
      if (!member) throw notFound();
      const likes = await repository.likesOf(membershipId, query.before, query.limit + 1);
      const more = likes.length > query.limit;
      const kept = likes.slice(0, query.limit);
      const { rows, targets } = await views.readable(
        access,
        kept.map((l) => l.activityId),
      );
      return {
        activities: await views.present(access, rows, targets),
        next_before: more ? (kept[kept.length - 1]?.id ?? null) : null,
      };
    },

    /** The reply's readers: whoever reads its activity (for its uploads). */
    readableReplyIds: async (ids: string[]) => repository.repliesByIds(ids),
  };
}

export type Replies = ReturnType<typeof createReplies>;
