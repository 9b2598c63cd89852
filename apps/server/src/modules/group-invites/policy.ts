import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { GroupInviteRow } from './repository.ts';

/**
 * A sent invite with what the rules need of its group: whether the actor may administrate it
 * (group, category or network admin; the group's `can.update`).
 */
export type SentInviteSubject = { invite: GroupInviteRow; administratesGroup: boolean };

/** Who may renew or revoke a sent invite: its author and whoever administrates its group. */
export const sentInvitePolicy = definePolicy<Actor, SentInviteSubject, 'manage' | 'renew' | 'revoke'>({
  manage: (actor, { invite, administratesGroup }) =>
    actor.networkId === invite.networkId &&
    (actor.isNetworkAdmin || administratesGroup || invite.authorId === actor.membershipId),
  renew: (_actor, { invite }, can) => !!can.manage && (invite.status === 'open' || invite.status === 'declined'),
  revoke: (_actor, { invite }, can) => !!can.manage && invite.status === 'open',
});
