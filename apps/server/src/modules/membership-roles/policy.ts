import { definePolicy, type Actor } from '../../platform/policy/index.ts';

/**
 * Where roles are kept: the network (no group) or one group, and whether the actor
 * administrates that place (the network's admins; a group's admins, its category's and the
 * network's), as the routes found out.
 */
export type RoleScope = { networkId: string; groupId: string | null; administrates: boolean };

export const membershipRolesPolicy = definePolicy<Actor, RoleScope, 'manage' | 'update' | 'destroy'>({
  manage: (actor, scope) => actor.networkId === scope.networkId && scope.administrates,
  update: (_actor, _scope, can) => !!can.manage,
  destroy: (_actor, _scope, can) => !!can.manage,
});
