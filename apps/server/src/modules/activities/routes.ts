import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityBodySchema, activityListQuerySchema, activityUpdateBodySchema, idSchema } from '@agora/contracts';
import type { ActivitiesService } from './service.ts';

const TAGS = ['activities'];
const idParams = z.object({ id: idSchema.describe('The activity id.') });
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
            'Activities newest first (`limit`, default 20, at most 50; `before`: the last id of the page before), answering `{activities, next_before}`. `stream`: a stream slug (default `all`: everything the member may read; with `subscribed=true` the home), `group_id`: a group\'s stream, `filter` (all, questions, mentions, mine, liked), `tag` (a tag name), `member_id` (one member\'s posts). A stream the member cannot read: 404.',
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
  };
}
