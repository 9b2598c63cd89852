import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membershipRoleBodySchema, type MembershipRole } from '@agora/contracts';
import { allows } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupsService } from '../groups/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { RoleScope } from './policy.ts';
import type { MembershipRolesService } from './service.ts';

const TAGS = ['membership_roles'];
const idParams = z.object({ id: z.string().max(64) });
const groupParams = z.object({ slug: z.string().max(200) });
const groupIdParams = groupParams.extend({ id: z.string().max(64) });

const BODY_RULES =
  'Refused (403) where the network does not allow membership roles. ' +
  '`name` and `plural_name` required (at most 100 characters); `color` a hex colour (#rrggbb, black when left out), ' +
  '`text_color` one or null, `display_type` default, grouped or hidden. The slug is not accepted.';

/**
 * The membership roles' editor: the network's own roles for network admins
 * (`/administration/membership_roles`), a group's for its admins (`/groups/{slug}/administration/membership_roles`).
 */
export function membershipRoleRoutes(deps: {
  roles: MembershipRolesService;
  groups: GroupsService;
  networks: Pick<NetworksService, 'configOf'>;
}) {
  const { roles, groups, networks } = deps;
  /** Roles exist only where the network's operator allows them (membership_roles_enabled). */
  const enabled = async (request: FastifyRequest) =>
    (await networks.configOf(request.actor!.networkId)).membership_roles_enabled;
  const networkScope = async (request: FastifyRequest): Promise<RoleScope> => ({
    networkId: request.actor!.networkId,
    groupId: null,
    administrates: request.actor!.isNetworkAdmin && (await enabled(request)),
  });
  /** The group's roles are its administrators' (404 for a group the member cannot see). */
  const groupScope = async (request: FastifyRequest, slug: string): Promise<RoleScope> => {
    const subject = await groups.loadForActor(request.actor!, slug);
    return {
      networkId: request.actor!.networkId,
      groupId: subject.group.id,
      administrates: allows(groupPolicy, 'update', request.actor!, subject) && (await enabled(request)),
    };
  };

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/administration/membership_roles',
      {
        config: { auth: 'network_admin' },
        schema: {
          tags: TAGS,
          summary: "The network's membership roles",
          description: 'By name, each with its holder count.',
        },
      },
      async (request): Promise<MembershipRole[]> => roles.listRoles(request.actor!, await networkScope(request)),
    );
    r.post(
      '/administration/membership_roles',
      {
        config: { auth: 'network_admin' },
        schema: {
          body: membershipRoleBodySchema,
          tags: TAGS,
          summary: 'Create a membership role of the network',
          description: `${BODY_RULES} The slug comes from the name (a taken one gets -2, -3 ...). 201.`,
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await roles.createRole(request.actor!, await networkScope(request), request.body.membership_role)),
    );
    r.put(
      '/administration/membership_roles/:id',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          body: membershipRoleBodySchema,
          tags: TAGS,
          summary: 'Edit a membership role of the network',
          description: `${BODY_RULES} The slug stays.`,
        },
      },
      async (request): Promise<MembershipRole> =>
        roles.updateRole(request.actor!, await networkScope(request), request.params.id, request.body.membership_role),
    );
    r.delete(
      '/administration/membership_roles/:id',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Delete a membership role of the network',
          description: 'Its holders lose it. 204.',
        },
      },
      async (request, reply) => {
        await roles.destroyRole(request.actor!, await networkScope(request), request.params.id);
        return reply.code(204).send();
      },
    );

    r.get(
      '/groups/:slug/administration/membership_roles',
      {
        config: { auth: 'member' },
        schema: {
          params: groupParams,
          tags: TAGS,
          summary: "A group's membership roles",
          description: "For the group's administrators (403 for others, 404 for a group the member cannot see).",
        },
      },
      async (request): Promise<MembershipRole[]> =>
        roles.listRoles(request.actor!, await groupScope(request, request.params.slug)),
    );
    r.post(
      '/groups/:slug/administration/membership_roles',
      {
        config: { auth: 'member' },
        schema: {
          params: groupParams,
          body: membershipRoleBodySchema,
          tags: TAGS,
          summary: 'Create a membership role of a group',
          description: `${BODY_RULES} The slug comes from the name, unique in the group. 201; 403 for non-admins.`,
        },
      },
      async (request, reply) => {
        const scope = await groupScope(request, request.params.slug);
        return reply.code(201).send(await roles.createRole(request.actor!, scope, request.body.membership_role));
      },
    );
    r.put(
      '/groups/:slug/administration/membership_roles/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: groupIdParams,
          body: membershipRoleBodySchema,
          tags: TAGS,
          summary: 'Edit a membership role of a group',
          description: `${BODY_RULES} The slug stays; 404 for a role of another group.`,
        },
      },
      async (request): Promise<MembershipRole> => {
        const scope = await groupScope(request, request.params.slug);
        return roles.updateRole(request.actor!, scope, request.params.id, request.body.membership_role);
      },
    );
    r.delete(
      '/groups/:slug/administration/membership_roles/:id',
      {
        config: { auth: 'member' },
        schema: {
          params: groupIdParams,
          tags: TAGS,
          summary: 'Delete a membership role of a group',
          description: 'Its holders lose it. 204; 404 for a role of another group.',
        },
      },
      async (request, reply) => {
        const scope = await groupScope(request, request.params.slug);
        await roles.destroyRole(request.actor!, scope, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
