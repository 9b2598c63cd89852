import type { GroupRole } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { GroupRow } from './repository.ts';

/**
 * A group with the requesting member's role in it, and whether the member administrates the
 * group's category (group_category_admins): a category admin is an admin of its groups.
 */
export type GroupSubject = { group: GroupRow; role: GroupRole | null; categoryAdmin?: boolean };

/** Administrates the group: network admins, the group's admins and its category's admins. */
const administrates = (actor: Actor, { role, categoryAdmin }: GroupSubject) =>
  actor.isNetworkAdmin || role === 'admin' || !!categoryAdmin;

export const groupPolicy = definePolicy<
  Actor,
  GroupSubject,
  | 'read'
  | 'update'
  | 'join'
  | 'join_moderated'
  | 'leave'
  | 'archive'
  | 'destroy'
  | 'create_hidden'
  | 'invite_internal'
  | 'invite_external'
  | 'invite_external_guests'
>({
  // Hidden groups exist only for their members and the network administrators.
  read: (actor, { group, role, categoryAdmin }) =>
    actor.networkId === group.networkId &&
    (group.access !== 'hidden' || role !== null || actor.isNetworkAdmin || !!categoryAdmin) &&
    (!actor.isExternal || role !== null || group.externallyVisible),
  update: (actor, subject, can) => !!can.read && administrates(actor, subject) && !subject.group.archived,
  join: (actor, { group, role }, can) =>
    !!can.read &&
    role === null &&
    !actor.isExternal &&
    !group.archived &&
    group.access === 'open' &&
    !group.moderatedJoin,
  join_moderated: (actor, { group, role }, can) =>
    !!can.read &&
    role === null &&
    !actor.isExternal &&
    !group.archived &&
    (group.access === 'closed' || (group.access === 'open' && group.moderatedJoin)),
  leave: (_actor, { role }, can) => !!can.read && role !== null,
  archive: (actor, subject, can) => !!can.read && administrates(actor, subject),
  // Deleting takes the group's content with it: the network's and the category's admins decide.
  destroy: (actor, { categoryAdmin }, can) => !!can.read && (actor.isNetworkAdmin || !!categoryAdmin),
  create_hidden: (actor, { categoryAdmin }) => actor.isNetworkAdmin || !!categoryAdmin,
  // Members invite where the group lets them and has not restricted invitations to its admins.
  invite_internal: (actor, { group, role }, can) =>
    !group.archived &&
    (!!can.update || (role !== null && !actor.isExternal && group.membersCanInvite && !group.invitesRestricted)),
  invite_external: (actor, _s, can) => !!can.update && !actor.isExternal,
  invite_external_guests: (_actor, _s, can) => !!can.invite_external,
});
