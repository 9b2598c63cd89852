import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { MembershipRow } from '../members/index.ts';

/**
 * Ignoring another member: any member may, except themself and a network administrator (who
 * must reach every member with notices and circular letters). The member must be one the actor
 * sees (not locked, same network); the routes answer 404 for the others.
 */
export const ignorePolicy = definePolicy<Actor, MembershipRow, 'ignore'>({
  ignore: (actor, m) => actor.membershipId !== m.id && !m.networkAdmin,
});

/** A member's list of ignored members is theirs alone. */
export const mayListIgnored = (actor: Actor, membershipId: string) => actor.membershipId === membershipId;
