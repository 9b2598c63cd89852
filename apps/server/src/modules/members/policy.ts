import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { MembershipRow } from './repository.ts';

export type MemberSubject = {
  membership: MembershipRow;
  guestUsersAllowChat: boolean;
  /** The network's `show_locked_memberships`: its directory lists locked members. */
  showLocked?: boolean | undefined;
};

const isSelf = (actor: Actor, m: MembershipRow) => actor.membershipId === m.id;
const isAdmin = (actor: Actor) => actor.isNetworkAdmin;

export const memberPolicy = definePolicy<
  Actor,
  MemberSubject,
  | 'read'
  | 'update_registration'
  | 'update_profile'
  | 'edit'
  | 'edit_groups'
  | 'lock'
  | 'destroy'
  | 'chat'
  | 'create_channels'
  | 'start_chat'
  | 'ignore'
>({
  // Locked members stay visible to administrators only, unless the network shows them to all;
  // deleted ones (locked too) to administrators alone.
  read: (actor, { membership: m, showLocked }) =>
    actor.networkId === m.networkId &&
    (!m.lockedAt || isAdmin(actor) || isSelf(actor, m) || (!!showLocked && !m.deletedAt)),
  update_registration: (actor, { membership: m }, can) => !!can.read && isSelf(actor, m),
  update_profile: (actor, { membership: m }, can) => !!can.read && (isSelf(actor, m) || isAdmin(actor)),
  edit: (actor, _s, can) => !!can.read && isAdmin(actor),
  edit_groups: (_actor, _s, can) => !!can.edit,
  lock: (actor, { membership: m }, can) => !!can.edit && !isSelf(actor, m),
  destroy: (actor, { membership: m }, can) => !!can.edit && !isSelf(actor, m),
  chat: (_actor, { membership: m, guestUsersAllowChat }, can) =>
    !!can.read && !m.lockedAt && (!m.isExternal || guestUsersAllowChat),
  create_channels: (actor, { membership: m }, can) => !!can.read && isSelf(actor, m) && isAdmin(actor),
  // A direct chat with them, as the chat's rules start one: both may chat, the partner signs in,
  // and guests start no private chats (they answer those others start).
  start_chat: (actor, { membership: m }, can) =>
    !!can.chat && !isSelf(actor, m) && m.kind === 'member' && !actor.isExternal,
  // Anyone but oneself and network administrators (who must reach every member with notices and
  // circular letters); a locked member only where the network shows them to all, as the
  // ignoring call finds them.
  ignore: (actor, { membership: m }, can) =>
    !!can.read && !isSelf(actor, m) && !m.networkAdmin && (!m.lockedAt || isAdmin(actor)),
});
