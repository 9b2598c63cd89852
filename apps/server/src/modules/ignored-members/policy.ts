import type { Actor } from '../../platform/policy/index.ts';

// Whom a member may ignore is the members' rule (`memberPolicy.ignore`, also `can.ignore`).

/** A member's list of ignored members is theirs alone. */
export const mayListIgnored = (actor: Actor, membershipId: string) => actor.membershipId === membershipId;
