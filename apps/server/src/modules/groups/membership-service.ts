import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { createJoinRequests } from './join-requests.ts';
import { createMemberAdministration } from './member-administration.ts';
import { createMembershipCore } from './membership.ts';
import { createNetworkAdminMemberships } from './network-admin-memberships.ts';

/**
 * Group membership as the groups service offers it (spread into it): where members stand,
 * joining and leaving, subscriptions and favorites, join requests and the administration of
 * a group's members.
 */
export function createGroupMembership(db: Db, events: Pick<Events, 'transaction' | 'record'>) {
  const core = createMembershipCore(db, events);
  return {
    membershipStates: core.membershipStates,
    join: core.join,
    useOpenInviteLookup: core.useOpenInviteLookup,
    /** What the group JSON says of the actor's membership. */
    membershipView: core.membershipView,
    /** A group by id for the membership calls, with what their policy needs; 404 when unreadable. */
    loadMembershipSubject: (actor: Actor, groupId: string, unreadable = false) =>
      core.loadSubject(actor, groupId, unreadable),
    /** The same for a group already loaded by slug. */
    membershipSubjectOf: core.subjectOf,
    leave: core.leave,
    setMembershipFlag: core.setFlag,
    /** The groups the member starred, for the user bar's order. */
    favoriteGroupIds: core.repository.favoriteGroupIds,
    /** Some groups' pages by id, for the audit log's links (those gone are left out). */
    groupPaths: core.repository.pathsOf,
    joinRequests: createJoinRequests(core, events),
    memberAdministration: createMemberAdministration(core, events),
    /** A member's groups as network administrators manage them (the members administration). */
    networkAdminMemberships: createNetworkAdminMemberships(db, core, events),
  };
}
