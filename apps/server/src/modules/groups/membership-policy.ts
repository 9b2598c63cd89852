import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from './policy.ts';

/** A group with the actor's role in it and whether the actor administrates the group's category. */
export type MembershipSubject = GroupSubject & { categoryAdmin: boolean };

/**
 * Who may run a group's membership: its admins, the admins of its category and the network's
 * administrators. An archived group takes no new members, but its members and admins may still
 * be looked at, and members may still leave.
 */
export const membershipPolicy = definePolicy<
  Actor,
  MembershipSubject,
  'read' | 'administrate' | 'decide_join_requests' | 'change_admins' | 'remove_members' | 'subscribe' | 'favorite'
>({
  read: (actor, subject) => groupPolicy.rules.read(actor, subject, {}),
  administrate: (actor, { role, categoryAdmin }, can) =>
    !!can.read && (actor.isNetworkAdmin || role === 'admin' || categoryAdmin),
  decide_join_requests: (_actor, { group }, can) => !!can.administrate && !group.archived,
  change_admins: (_actor, { group }, can) => !!can.administrate && !group.archived,
  remove_members: (_actor, { group }, can) => !!can.administrate && !group.archived,
  subscribe: (_actor, { role }, can) => !!can.read && role !== null,
  favorite: (_actor, { role }, can) => !!can.read && role !== null,
});
