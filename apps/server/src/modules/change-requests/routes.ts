import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRequestInputSchema, changeRequestListQuerySchema } from '@agora/contracts';
import type { ChangeRequestsService } from './service.ts';

const TAGS = ['members'];
const DISABLED = '403 `change_requests_disabled` unless the operator enables change requests for the network.';
const ITEM =
  'A request: id, status (open, accepted, rejected), member and author (id, displayName, path), comment, changes ' +
  '(name, label, current and requested value with their display texts), created_at, decided_at, can (accept, reject).';

/** Profile change requests: members ask, network administrators accept or reject. */
export function changeRequestRoutes(deps: { changeRequests: ChangeRequestsService }) {
  const service = deps.changeRequests;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/change_requests/new',
      {
        config: { auth: 'member' },
        schema: {
          querystring: z.object({ membership_id: z.string().max(64).optional() }),
          tags: TAGS,
          summary: 'What a change request may name',
          description:
            "member (whose profile; the requesting member's own without membership_id), properties (the network's " +
            "change-request profile properties, uploads excepted) and values (the member's values of them now). Guests " +
            `ask only for themselves (403). ${DISABLED}`,
        },
      },
      async (request) => service.form(request.actor!, request.query.membership_id),
    );

    r.post(
      '/change_requests',
      {
        config: { auth: 'member' },
        schema: {
          body: changeRequestInputSchema,
          tags: TAGS,
          summary: 'Asks for a change of profile values',
          description:
            'Body `change_request`: membership_id (left out: oneself), profile (values by property name, only of the ' +
            "network's change-request properties: any other is 422 `profile.{name}: not_allowed`; each checked as the " +
            'profile checks it), comment. Records profile_change_request.created; 201 with the request. ' +
            `${ITEM} ${DISABLED}`,
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.actor!, request.body.change_request)),
    );

    r.get(
      '/administration/change_requests',
      {
        config: { auth: 'network_admin' },
        schema: {
          querystring: changeRequestListQuerySchema,
          tags: ['administration'],
          summary: "The network's profile change requests",
          description: `status (open by default, accepted, rejected), page, per (at most 100), newest first: items, total, page, per. ${ITEM} For network administrators. ${DISABLED}`,
        },
      },
      async (request) => service.list(request.actor!, request.query),
    );

    for (const action of ['accept', 'reject'] as const) {
      r.post(
        `/administration/change_requests/:id/${action}`,
        {
          config: { auth: 'network_admin' },
          schema: {
            params: z.object({ id: z.string().max(64) }),
            tags: ['administration'],
            summary: action === 'accept' ? 'Accepts a change request' : 'Rejects a change request',
            description:
              (action === 'accept'
                ? "The requested values become the member's (checked again against today's properties: 422 " +
                  '`profile.{name}` for one no longer valid) in the same transaction as the decision. '
                : '') +
              `422 \`{base: ['already_decided']}\` for a request no longer open. Records profile_change_request.${action}ed; ` +
              `the member (and the author) are notified. ${ITEM} For network administrators. ${DISABLED}`,
          },
        },
        async (request) =>
          action === 'accept'
            ? service.accept(request.actor!, request.params.id)
            : service.reject(request.actor!, request.params.id),
      );
    }
  };
}
