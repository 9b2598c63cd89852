import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { MembershipRow } from '../members/index.ts';

/**
 * A member's mail settings are theirs alone: `can.update_profile` of their own membership (an
 * administrator's `update_profile` of others does not reach which mails they get).
 */
export const memberSettingsPolicy = definePolicy<Actor, MembershipRow, 'update'>({
  update: (actor, membership) => actor.networkId === membership.networkId && actor.membershipId === membership.id,
});
