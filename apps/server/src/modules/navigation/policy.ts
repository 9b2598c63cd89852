import { allows, definePolicy, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from '../groups/index.ts';

/** The network's navigation (group null) or a group's, with the actor's standing in that group. */
export type NavigationSubject = { networkId: string; group: GroupSubject | null };

/**
 * Members read the navigation of their network and of the groups they can read; the network's
 * admins edit the network's, a group's admins (its category's and the network's too) the group's.
 */
export const navigationPolicy = definePolicy<Actor, NavigationSubject, 'read' | 'update'>({
  read: (actor, { networkId, group }) =>
    actor.networkId === networkId && (group === null || allows(groupPolicy, 'read', actor, group)),
  update: (actor, { group }, can) =>
    !!can.read && (group === null ? actor.isNetworkAdmin : allows(groupPolicy, 'update', actor, group)),
});
