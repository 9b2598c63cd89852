import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directMessageBodySchema,
  directMessageIdsBodySchema,
  directMessageListQuerySchema,
  directoryQuerySchema,
  idSchema,
  memberSearchQuerySchema,
} from '@agora/contracts';
import type { MessagesService } from './service.ts';

const TAGS = ['messages'];
const idParams = z.object({ id: idSchema.describe('The message id.') });

const LIST_DESCRIPTION =
  'A page (`limit`, default 10, at most 50; `offset`) newest first, answering `{messages, total, limit, offset}`. With `group_id`, only the messages sent to that group.';
const NOT_FOUND = 'A message the member neither received nor sent (or deleted) is a 404.';

/** The direct messages calls of the communication spec (section 7). */
export function messageRoutes(deps: { messages: MessagesService }) {
  const { messages } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v1/messages',
      {
        config: { auth: 'member' },
        schema: {
          querystring: directMessageListQuerySchema,
          tags: TAGS,
          summary: 'The inbox',
          description: `The messages the member received and did not delete. ${LIST_DESCRIPTION}`,
        },
      },
      async (request) => messages.inbox(request.actor!, request.query),
    );

    r.get(
      '/api/v1/messages/sent',
      {
        config: { auth: 'member' },
        schema: {
          querystring: directMessageListQuerySchema,
          tags: TAGS,
          summary: 'The sent list',
          description: `The messages the member sent and did not delete from the sent list. ${LIST_DESCRIPTION}`,
        },
      },
      async (request) => messages.sent(request.actor!, request.query),
    );

    r.get(
      '/api/v1/messages/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'A message with its conversation',
          description: `The message with the other messages of its conversation the member may read (\`conversation\`, newest first), \`conversation_length\` and \`has_replies\`. ${NOT_FOUND}`,
        },
      },
      async (request) => messages.show(request.actor!, request.params.id),
    );

    r.get(
      '/api/v1/messages/recipients',
      {
        config: { auth: 'member' },
        schema: {
          querystring: memberSearchQuerySchema,
          tags: TAGS,
          summary: 'Members the member may write to',
          description:
            'The member search of `GET /members` (`q`, `limit`, `offset`; consumers never) limited to whom a send accepts: anyone a network-wide sender sees, else the members of the groups the member administrates. 403 for a member who may not send direct messages.',
        },
      },
      async (request) => messages.recipients.members(request.actor!, request.query),
    );

    r.get(
      '/api/v1/messages/recipient_groups',
      {
        config: { auth: 'member' },
        schema: {
          querystring: directoryQuerySchema,
          tags: TAGS,
          summary: 'Groups the member may write to',
          description:
            'The group search of `GET /directory` (`q`, `limit`; no membership roles) limited to whom a send accepts: the groups a network-wide sender can read, else those the member administrates.',
        },
      },
      async (request) => messages.recipients.groups(request.actor!, request.query),
    );

    r.post(
      '/api/v1/messages',
      {
        config: { auth: 'member' },
        schema: {
          body: directMessageBodySchema,
          tags: TAGS,
          summary: 'Sends a message',
          description:
            'Sends to the members named (`to`), the members of groups (`to_group`, as they are now) or, for network administrators, to all members (`to_all_network_members`). 201 with the message as the sender sees it. 422 with `recipients_empty`, `subject_and_content_empty`, `recipient_not_allowed`, `to_all_not_allowed` or `attachment_not_uploaded`; 403 for a member who may not send direct messages.',
        },
      },
      async (request, reply) => reply.code(201).send(await messages.send(request.actor!, request.body)),
    );

    for (const [method, read] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      r.route({
        method,
        url: '/api/v1/messages/:id/read',
        config: { auth: 'member' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: read ? 'Marks a message read' : 'Marks a message unread',
          description: `Of the member's received copy; 204. ${NOT_FOUND}`,
        },
        handler: async (request, reply) => {
          await messages.mark(request.actor!, [request.params.id], read);
          return reply.code(204).send();
        },
      });
      r.route({
        method,
        url: '/api/v1/messages/read',
        config: { auth: 'member' },
        schema: {
          body: directMessageIdsBodySchema,
          tags: TAGS,
          summary: read ? 'Marks messages read' : 'Marks messages unread',
          description: `\`message_ids\`, each received by the member; 204. One that is not: 404 and nothing changes.`,
        },
        handler: async (request, reply) => {
          await messages.mark(request.actor!, request.body.message_ids, read);
          return reply.code(204).send();
        },
      });
    }

    for (const copy of ['inbox', 'sent'] as const) {
      const prefix = copy === 'sent' ? '/api/v1/messages/sent' : '/api/v1/messages';
      r.delete(
        `${prefix}/delete`,
        {
          config: { auth: 'member' },
          schema: {
            body: directMessageIdsBodySchema,
            tags: TAGS,
            summary: copy === 'sent' ? 'Deletes messages from the sent list' : 'Deletes received messages',
            description:
              "`message_ids`: the member's own copies go; the other recipients' and the sender's stay. 204; one that is not the member's: 404 and nothing changes.",
          },
        },
        async (request, reply) => {
          await messages.destroy(request.actor!, request.body.message_ids, copy);
          return reply.code(204).send();
        },
      );
      r.delete(
        `${prefix}/:id`,
        {
          config: { auth: 'member' },
          schema: {
            params: idParams,
            tags: TAGS,
            summary: copy === 'sent' ? 'Deletes a message from the sent list' : 'Deletes a received message',
            description: `The member's own copy; the others stay. 204. ${NOT_FOUND}`,
          },
        },
        async (request, reply) => {
          await messages.destroy(request.actor!, [request.params.id], copy);
          return reply.code(204).send();
        },
      );
    }
  };
}
