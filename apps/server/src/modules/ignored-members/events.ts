import type { EventInput } from '../../platform/events/types.ts';

/** The domain events of ignoring members: subject the member ignored, actor the one who ignores. */
export const IGNORED_MEMBER_EVENTS = {
  ignored: 'member.ignored',
  unignored: 'member.unignored',
} as const;

/** The invalidation key of the set of members a member ignores. */
export const ignoredMembersKey = (membershipId: string) => `ignored_members:${membershipId}`;

const ofActor = (event: EventInput) => (event.actorId ? [ignoredMembersKey(event.actorId)] : []);

/** Ignoring or no longer ignoring someone changes the cached set of the member who did. */
export const ignoredMemberCacheInvalidations: Readonly<Record<string, (event: EventInput) => readonly string[]>> = {
  [IGNORED_MEMBER_EVENTS.ignored]: ofActor,
  [IGNORED_MEMBER_EVENTS.unignored]: ofActor,
};
