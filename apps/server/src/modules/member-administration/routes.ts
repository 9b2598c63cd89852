import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEMBER_ADMIN_PROFILE_FIELDS,
  memberAdminGroupSchema,
  memberAdminQuerySchema,
  memberAdminUpdateSchema,
  newMemberSchema,
  PASSWORD_MIN_LENGTH,
} from '@agora/contracts';
import type { MemberAdministrationService } from './service.ts';

const TAGS = ['administration'];
const idParams = z.object({ id: z.string().max(64) });
const groupParams = z.object({ id: z.string().max(64), groupId: z.string().max(64) });
const ADMINS_ONLY = 'For network administrators (403 for everyone else, group admins too).';
const MEMBER_404 =
  'An unknown id, a member of another network, a deleted member and a contact without sign-in are 404.';
const DETAIL =
  'Answers the member as the edit page shows them: id, names, email, images, is_external, locked, network_admin, ' +
  'created_at, can (edit, lock, destroy, edit_groups), email_editable (false when the account is a member of other ' +
  'networks too), membership_role_ids and options (guest_users_allowed, membership_roles_enabled, the network roles).';

/** `/administration/members...`: the members administration of network administrators. */
export function memberAdministrationRoutes(deps: { memberAdministration: MemberAdministrationService }) {
  const service = deps.memberAdministration;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/administration/members',
      {
        config: { auth: 'network_admin' },
        schema: {
          querystring: memberAdminQuerySchema,
          tags: TAGS,
          summary: "The network's members for administrators",
          description:
            'Members in last-name order, locked ones included, deleted ones and contacts never. `q` finds members by ' +
            'the beginnings of their names or by a part of their address; `locked` and `external` (true or false) ' +
            `filter; \`page\` and \`per\` (at most 100) page. Answers items and total. ${ADMINS_ONLY}`,
        },
      },
      async (request) => service.list(request.actor!, request.query),
    );

    r.get(
      '/administration/members/options',
      {
        config: { auth: 'network_admin' },
        schema: {
          tags: TAGS,
          summary: 'What the member forms offer',
          description:
            'guest_users_allowed (whether members may be made external), membership_roles_enabled and the ' +
            `network's roles (id, name, color, text_color; empty unless roles are enabled). ${ADMINS_ONLY}`,
        },
      },
      async (request) => service.options(request.actor!),
    );

    r.post(
      '/administration/members',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: newMemberSchema,
          tags: TAGS,
          summary: 'Makes a member',
          description:
            'Body `user`: email (required, an address), first_name and last_name (required), password (required, at ' +
            `least ${PASSWORD_MIN_LENGTH} characters, unless send_welcome_mail: then the member chooses it through the ` +
            'mailed link, valid seven days), send_welcome_mail, is_external (only where the operator allows guest ' +
            `users: 422 \`not_allowed\` otherwise), profile (values of ${MEMBER_ADMIN_PROFILE_FIELDS.join(', ')}). ` +
            `422 \`{email: ["taken"]}\` for an address that is a member already. 201 with the member. ${DETAIL} ${ADMINS_ONLY}`,
        },
      },
      async (request, reply) => {
        const created = await service.create(request.actor!, request.network, request.body.user);
        return reply.code(201).send(created);
      },
    );

    r.get(
      '/administration/members/:id',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'A member for the edit page',
          description: `${DETAIL} ${MEMBER_404} ${ADMINS_ONLY}`,
        },
      },
      async (request) => service.show(request.actor!, request.params.id),
    );

    r.put(
      '/administration/members/:id',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          body: memberAdminUpdateSchema,
          tags: TAGS,
          summary: 'Edits a member',
          description:
            'Body `user`, every field optional: first_name, last_name, email (422 `taken`; `shared_account` when the ' +
            'account is a member of other networks too), is_external (422 `not_allowed` unless guest users are ' +
            'allowed), network_admin and locked (422 `own_account` for oneself), membership_role_ids (the network ' +
            'roles the member holds, as a whole; 422 `not_allowed` unless membership roles are enabled, `invalid` for ' +
            `an id that is no network role). Nothing is saved when anything is refused. ${DETAIL} ${MEMBER_404} ${ADMINS_ONLY}`,
        },
      },
      async (request) => service.update(request.actor!, request.params.id, request.body.user),
    );

    for (const [action, locked] of [
      ['lock', true],
      ['unlock', false],
    ] as const) {
      r.post(
        `/administration/members/:id/${action}`,
        {
          config: { auth: 'network_admin' },
          schema: {
            params: idParams,
            tags: TAGS,
            summary: locked ? 'Locks a member' : 'Unlocks a member',
            description:
              (locked
                ? 'A locked member cannot sign in; their sessions and live connections end at once. '
                : 'The member may sign in again. ') +
              `Takes no body; doing it twice changes nothing. 403 for oneself. ${DETAIL} ${MEMBER_404} ${ADMINS_ONLY}`,
          },
        },
        async (request) => service.setLocked(request.actor!, request.params.id, locked),
      );
    }

    r.delete(
      '/administration/members/:id',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Deletes a member',
          description:
            'The member\'s row stays, locked and deleted, under the network\'s anonymized name (or "deleted member") ' +
            'so that what they wrote keeps an author; profile, image, roles and groups go, their sessions end, and ' +
            'their account is removed when it is a member nowhere else. Recorded as MembershipDestroy in the audit ' +
            `log. 403 for oneself (can.destroy). 204. ${MEMBER_404} ${ADMINS_ONLY}`,
        },
      },
      async (request, reply) => {
        await service.destroy(request.actor!, request.network, request.params.id);
        return reply.code(204).send();
      },
    );

    const GROUPS =
      'Answers member (id, name) and groups: every group of the member, hidden ones too, with id, slug, name, ' +
      "path, archived, role (admin or member) and category (id, name), in the categories' order.";

    r.get(
      '/administration/members/:id/group-memberships',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: "A member's groups",
          description: `${GROUPS} ${MEMBER_404} ${ADMINS_ONLY}`,
        },
      },
      async (request) => service.groupMemberships(request.actor!, request.params.id),
    );

    r.post(
      '/administration/members/:id/group-memberships',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          body: memberAdminGroupSchema,
          tags: TAGS,
          summary: 'Puts a member into a group, or changes their role there',
          description:
            'Body: group_id, role (admin or member, default member). Records group.joined (via admin) and the ' +
            `admin appointment or removal, as the group's own administration does. 404 for an unknown group. ${GROUPS} ${ADMINS_ONLY}`,
        },
      },
      async (request) =>
        service.putGroupMembership(request.actor!, request.params.id, request.body.group_id, request.body.role),
    );

    r.delete(
      '/administration/members/:id/group-memberships/:groupId',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: groupParams,
          tags: TAGS,
          summary: 'Takes a member out of a group',
          description:
            "422 `{base: ['last_admin']}` for the only admin of a group with other members; 404 when the member is " +
            `not in the group. ${GROUPS} ${ADMINS_ONLY}`,
        },
      },
      async (request) => service.removeGroupMembership(request.actor!, request.params.id, request.params.groupId),
    );
  };
}
