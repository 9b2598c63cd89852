import type { GroupRole } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { GroupRow } from './repository.ts';

/** A group with the requesting member's role in it. */
export type GroupSubject = { group: GroupRow; role: GroupRole | null };

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
  read: (actor, { group, role }) =>
    actor.networkId === group.networkId &&
    (group.access !== 'hidden' || role !== null || actor.isNetworkAdmin) &&
    (!actor.isExternal || role !== null || group.externallyVisible),
  update: (actor, { group, role }, can) => !!can.read && (actor.isNetworkAdmin || role === 'admin') && !group.archived,
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
  archive: (actor, { role }, can) => !!can.read && (actor.isNetworkAdmin || role === 'admin'),
  destroy: (actor, _s, can) => !!can.read && actor.isNetworkAdmin,
  create_hidden: (actor) => actor.isNetworkAdmin,
  invite_internal: (actor, { group, role }, can) =>
    !group.archived && (!!can.update || (role !== null && !actor.isExternal && group.membersCanInvite)),
  invite_external: (actor, _s, can) => !!can.update && !actor.isExternal,
  invite_external_guests: (_actor, _s, can) => !!can.invite_external,
});
