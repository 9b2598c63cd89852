import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupBodySchema,
  newGroupQuerySchema,
  type Group,
  type GroupArchiveAnswer,
  type GroupDestroyAnswer,
  type NewGroupForm,
} from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { GroupSubject } from './policy.ts';
import { presentGroup } from './present.ts';
import type { GroupsService } from './service.ts';

const TAGS = ['groups'];
const slugParams = z.object({ slug: z.string().max(200) });

export function groupRoutes(deps: { groups: GroupsService }) {
  const { groups } = deps;
  const present = async (actor: Actor, subject: GroupSubject): Promise<Group> =>
    presentGroup(
      actor,
      subject,
      await groups.membershipView(actor, subject),
      await groups.rootFolderId(actor, subject.group.id),
    );

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/v1/groups/new',
      {
        config: { auth: 'member' },
        schema: {
          querystring: newGroupQuerySchema,
          tags: TAGS,
          summary: 'The new group form of a category',
          description:
            'Defaults of a new group in the category and what the form may offer (`can.create_hidden`). ' +
            '404 for an unknown category, 403 for members who may not create groups in it (only its category admins and the network admins may).',
        },
      },
      async (request): Promise<NewGroupForm> => groups.newForm(request.actor!, request.query.group_category_slug),
    );
    r.get(
      '/api/v1/groups/:slug',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          tags: TAGS,
          summary: 'A group',
          description: '404 for a group the member may not see.',
        },
      },
      async (request) => {
        const actor = request.actor!;
        return present(actor, await groups.loadForActor(actor, request.params.slug));
      },
    );
    r.post(
      '/groups',
      {
        config: { auth: 'member' },
        schema: {
          body: groupBodySchema,
          tags: TAGS,
          summary: 'Create a group',
          description:
            'Creates a group in `group.group_category_id`; the creator becomes its admin. The slug comes from the name ' +
            '(a taken one gets -2, -3 ...). The rules of the group form are checked: 422 `open_not_for_sensitive`, ' +
            '`closed_not_for_main_group`, `hidden_not_allowed` on `access`, `moderated_join_not_for_hidden` on `moderated_join`.',
        },
      },
      async (request, reply) => {
        const actor = request.actor!;
        const created = await groups.create(actor, request.body.group);
        return reply.code(201).send(await present(actor, created));
      },
    );
    r.put(
      '/groups/:slug',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          body: groupBodySchema,
          tags: TAGS,
          summary: 'Edit a group',
          description:
            "For the group's admins, its category's admins and network admins; 403 for an archived group. The slug stays. Same rules as creating.",
        },
      },
      async (request) => {
        const actor = request.actor!;
        const subject = await groups.loadForActor(actor, request.params.slug);
        return present(actor, await groups.update(actor, subject, request.body.group));
      },
    );
    for (const [method, archived] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      r.route({
        method,
        url: '/groups/:slug/archive',
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          tags: TAGS,
          summary: archived ? 'Archive a group' : 'Unarchive a group',
          description: archived
            ? 'An archived group cannot be edited and its content is read-only. Answers `{archived, redirect}`.'
            : 'Makes an archived group editable again. Answers `{archived, redirect}`.',
        },
        handler: async (request): Promise<GroupArchiveAnswer> => {
          const actor = request.actor!;
          const subject = await groups.loadForActor(actor, request.params.slug);
          const saved = await groups.setArchived(actor, subject, archived);
          return { archived: saved.group.archived, redirect: `/groups/${saved.group.slug}/administration` };
        },
      });
    }
    r.delete(
      '/groups/:slug',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          tags: TAGS,
          summary: 'Delete a group',
          description:
            "For network admins and the category's admins. Memberships and join requests go with the group; " +
            'other modules act on the `group.destroyed` event. Answers `{redirect}`.',
        },
      },
      async (request): Promise<GroupDestroyAnswer> => {
        const actor = request.actor!;
        const subject = await groups.loadForActor(actor, request.params.slug);
        await groups.destroy(actor, subject);
        return { redirect: '/' };
      },
    );
    r.get(
      '/api/v1/userbar/groups',
      { config: { auth: 'member' }, schema: { tags: TAGS, summary: "The user bar's groups by category" } },
      async (request) => groups.userbarGroups(request.actor!),
    );
  };
}
