import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_LIMITS,
  ACTIVITY_REPLY_TYPES,
  activityBodySchema,
  activityListQuerySchema,
  activityReplyBodySchema,
  activityReplyListQuerySchema,
  activityUpdateBodySchema,
  idSchema,
  tagFindQuerySchema,
  type FeatureUnreads,
} from '@agora/contracts';
import type { UnreadsRegistry } from '../../platform/unreads/index.ts';
import type { ActivitiesService } from './service.ts';

const TAGS = ['activities'];
const idParams = z.object({ id: idSchema.describe('The activity id.') });
const replyParams = z.object({
  id: idSchema.describe('The activity id.'),
  type: z.enum(ACTIVITY_REPLY_TYPES).describe('`replies`, or `answers` (under questions).'),
});
const replyIdParams = replyParams.extend({ replyId: idSchema.describe('The reply id.') });
const streamParams = z.object({
  id: idSchema.describe("A network stream's id or a group's id (the network's id: the `all` stream)."),
});
const memberParams = z.object({ id: idSchema.describe('The membership id.') });
const likesQuery = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMITS.pageSizeMax).default(ACTIVITY_LIMITS.pageSize),
});
const streamListQuery = z.object({
  postable: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
const NOT_FOUND = 'An activity the member may not read (posted only to streams they cannot read) is a 404.';

/** The activity streams calls (communication spec, sections 2, 3, 7). */
export function activityRoutes(deps: { activities: ActivitiesService }) {
  const { activities } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/activities',
      {
        config: { auth: 'member' },
        schema: {
          querystring: activityListQuerySchema,
          tags: TAGS,
          summary: 'A stream page',
          description:
            "Activities newest first (`limit`, default 20, at most 50; `before`: the last id of the page before), answering `{activities, next_before}`. `stream`: a stream slug (default `all`: everything the member may read; with `subscribed=true` the home), `group_id`: a group's stream, `filter` (all, questions, mentions, mine, liked), `tag` (a tag name), `member_id` (one member's posts). A stream the member cannot read: 404.",
        },
      },
      async (request) => activities.list(request.actor!, request.query),
    );

    r.get(
      '/api/v1/activities/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'An activity',
          description: `The activity with its latest replies. ${NOT_FOUND}`,
        },
      },
      async (request) => activities.show(request.actor!, request.params.id),
    );

    r.post(
      '/api/v1/activities',
      {
        config: { auth: 'member' },
        schema: {
          body: activityBodySchema,
          tags: TAGS,
          summary: 'Posts an activity',
          description:
            'A note or question to one or more streams (`activitystream_ids`: network stream ids for internal members, group ids for members of the groups, not archived), with files, images (upload ids) and tags (ids, or `new_` and a name). 201 with the activity. 422 with `content_empty`, `activitystreams_empty`, `activitystream_not_allowed` or `attachment_not_uploaded`.',
        },
      },
      async (request, reply) => reply.code(201).send(await activities.create(request.actor!, request.body.activity)),
    );

    r.put(
      '/api/v1/activities/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          body: activityUpdateBodySchema,
          tags: TAGS,
          summary: 'Edits an activity',
          description: `Content, files, images and tags, by the author (403 for others); streams and type stay. ${NOT_FOUND}`,
        },
      },
      async (request) => activities.update(request.actor!, request.params.id, request.body.activity),
    );

    r.delete(
      '/api/v1/activities/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Deletes an activity',
          description: `By its author, a network administrator or an administrator of a group it was posted to (403 for others); its replies, likes and uploads go with it. 204. ${NOT_FOUND}`,
        },
      },
      async (request, reply) => {
        await activities.destroy(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );

    r.get(
      '/activitystreams',
      {
        config: { auth: 'member' },
        schema: {
          querystring: streamListQuery,
          tags: TAGS,
          summary: 'The streams',
          description:
            "Answers `ActivitystreamList` (as `/activitystreams.json`): the `all` stream (its id is the network id), the network's streams (internal members) and the streams of the groups whose posts the member reads, by category; guests get only `all`. `postable=true`: only the streams the member may post to.",
        },
      },
      async (request) => activities.streamList(request.actor!, request.query.postable === true),
    );

    for (const [method, on] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      r.route({
        method,
        url: '/api/v1/activitystreams/:id/subscribe',
        config: { auth: 'member' },
        schema: {
          params: streamParams,
          tags: TAGS,
          summary: on ? 'Subscribes to a stream' : 'Unsubscribes from a stream',
          description:
            "Whether the stream reaches the member's home: a network stream, or a group's (the membership's `subscribed` flag; members only, 403 otherwise). Never `all` (404). 403 when the network setting `activitystream_subscriptions` is off. 204.",
        },
        handler: async (request, reply) => {
          await activities.subscribe(request.actor!, request.params.id, on);
          return reply.code(204).send();
        },
      });

      r.route({
        method,
        url: '/api/v1/activities/:id/like',
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: on ? 'Likes an activity' : 'Takes back a like',
          description: `Once per member; again changes nothing. 204. ${NOT_FOUND}`,
        },
        handler: async (request, reply) => {
          await activities.like(request.actor!, request.params.id, null, on);
          return reply.code(204).send();
        },
      });

      r.route({
        method,
        url: '/api/v1/activities/:id/:type/:replyId/like',
        config: { auth: 'member' },
        schema: {
          params: replyIdParams,
          tags: TAGS,
          summary: on ? 'Likes a reply' : "Takes back a reply's like",
          description: `Once per member. 204. ${NOT_FOUND} So is a reply that is not one of the activity's.`,
        },
        handler: async (request, reply) => {
          await activities.like(request.actor!, request.params.id, request.params.replyId, on);
          return reply.code(204).send();
        },
      });
    }

    r.post(
      '/api/v1/activitystreams/:id/read',
      {
        config: { auth: 'member' },
        schema: {
          params: streamParams,
          tags: TAGS,
          summary: 'Marks a stream seen',
          description:
            "What was posted there until now no longer counts as unread; the network's id marks the home. A stream the member cannot read: 404. 204.",
        },
      },
      async (request, reply) => {
        await activities.markRead(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/v1/activities/:id/:type',
      {
        config: { auth: 'member' },
        schema: {
          params: replyParams,
          querystring: activityReplyListQuerySchema,
          tags: TAGS,
          summary: 'Replies or answers',
          description: `Oldest first (\`limit\` up to 50, \`after\` the last id of the page before), answering \`{replies, next_after}\`. ${NOT_FOUND}`,
        },
      },
      async (request) => activities.replies(request.actor!, request.params.id, request.params.type, request.query),
    );

    r.post(
      '/api/v1/activities/:id/:type',
      {
        config: { auth: 'member' },
        schema: {
          params: replyParams,
          body: activityReplyBodySchema,
          tags: TAGS,
          summary: 'Replies to an activity',
          description: `Anyone who reads the activity; \`answers\` only under questions (422 \`answers_only_for_questions\`). \`quotedReplyId\` and \`replyId\` name replies of the same activity (422 \`reply_not_found\`). 422 \`content_empty\`, \`attachment_not_uploaded\`. 201 with the reply. ${NOT_FOUND}`,
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await activities.reply(request.actor!, request.params.id, request.params.type, request.body)),
    );

    r.put(
      '/api/v1/activities/:id/:type/:replyId',
      {
        config: { auth: 'member' },
        schema: {
          params: replyIdParams,
          body: activityReplyBodySchema,
          tags: TAGS,
          summary: 'Edits a reply',
          description: `By its author (403 for others). ${NOT_FOUND}`,
        },
      },
      async (request) =>
        activities.updateReply(
          request.actor!,
          request.params.id,
          request.params.type,
          request.params.replyId,
          request.body,
        ),
    );

    r.delete(
      '/api/v1/activities/:id/:type/:replyId',
      {
        config: { auth: 'member' },
        schema: {
          params: replyIdParams,
          tags: TAGS,
          summary: 'Deletes a reply',
          description: `By its author, a network administrator or an administrator of a group the activity is in (403 for others). 204. ${NOT_FOUND}`,
        },
      },
      async (request, reply) => {
        await activities.destroyReply(request.actor!, request.params.id, request.params.type, request.params.replyId);
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/v1/members/:id/likes',
      {
        config: { auth: 'member' },
        schema: {
          params: memberParams,
          querystring: likesQuery,
          tags: TAGS,
          summary: 'What a member liked',
          description:
            'Activities the member liked, newest like first, only those the viewer may read (a page may hold fewer than `limit`); `before`: the `next_before` of the page before. An unknown member: 404.',
        },
      },
      async (request) => activities.likesOf(request.actor!, request.params.id, request.query),
    );

    r.get(
      '/tags/find',
      {
        config: { auth: 'member' },
        schema: {
          querystring: tagFindQuerySchema,
          tags: TAGS,
          summary: 'Finds tags',
          description:
            'An array of `{id, name, new}`: tags whose names begin with `q` (at least 2 characters; fewer: an empty list), not used yet or used where the member reads. Unless `exclude_new`, first `{id: "new_" + q, name: q, new: true}` when none of them is named `q`. `tag_parents`: comma-separated names, only their children.',
        },
      },
      async (request) => activities.findTags(request.actor!, request.query),
    );

    r.get(
      '/unreads/activities',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'Unread activities per stream',
          description:
            "Per network stream and per group of the member, the activities others posted since the member last marked it read (or since joining), up to 100; `total` the home's.",
        },
      },
      async (request) => activities.unreadsPerStream(request.actor!),
    );
  };
}

/** The user bar's module counts (`GET /unreads/features`) and the files' (`GET /unreads/folders`). */
export function unreadFeatureRoutes(deps: { unreads: Pick<UnreadsRegistry, 'count'> }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/unreads/features',
      {
        config: { auth: 'member' },
        schema: {
          tags: TAGS,
          summary: 'Unread counts per module',
          description: 'Answers `{activities, messages, calendars, files}`, the counts of `GET /api/v1/unreads`.',
        },
      },
      async (request): Promise<FeatureUnreads> => {
        const counts = await deps.unreads.count(request.actor!);
        return {
          activities: counts.Activities,
          messages: counts.Messages,
          calendars: counts.Calendars,
          files: counts.Files,
        };
      },
    );
  };
}
