import { mayChat, type NetworkSettings } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { ViewedMessage } from './repository.ts';

/**
 * Whom a member may write to without restriction (any member of the network they can see, any
 * group they can see, and all members when allowed): network administrators always, the other
 * members when the network lets every member (`direct_messages_network_wide_senders`), guests
 * never.
 */
export function isNetworkWideSender(actor: Actor, settings: NetworkSettings): boolean {
  if (actor.isNetworkAdmin) return true;
  return !actor.isExternal && settings.direct_messages_network_wide_senders === 'members';
}

/** Whether the member may write direct messages at all: guests as far as the network lets them chat. */
export function maySendDirectMessages(actor: Actor, settings: NetworkSettings): boolean {
  return mayChat(actor, settings);
}

/** A message read by the member: received (their copy) or written (still in their sent list). */
export const messagePolicy = definePolicy<Actor, ViewedMessage, 'read' | 'mark' | 'destroy' | 'destroy_sent'>({
  read: (actor, { message, copy }) =>
    actor.networkId === message.networkId &&
    (copy !== null || (message.authorId === actor.membershipId && message.senderDeletedAt === null)),
  mark: (_actor, { copy }, can) => !!can.read && copy !== null,
  destroy: (_actor, { copy }, can) => !!can.read && copy !== null,
  destroy_sent: (actor, { message }, can) => !!can.read && message.authorId === actor.membershipId,
});
