import { propertyValuePresent, type Property } from '@agora/contracts';

/** How a member joins, as far as the onboarding is concerned. */
export type JoiningProfile = {
  /** The network's `join_ask_for_profile_data`. */
  askForProfileData: boolean;
  /** The network's profile properties. */
  properties: Property[];
  /** The profile the member joins with. */
  profile: Record<string, unknown>;
  /** Whether the member filled in a join form themself (sign-up, invitation); not when an administrator added them. */
  ownForm: boolean;
};

/**
 * Whether a member who joins goes through the onboarding (`/onboarding/profile`) first: when a
 * required profile property has no value yet (the join forms ask a few one-line fields only), or
 * when the network asks for profile data on joining and the member gave none themself (added by
 * an administrator, or the join form's profile fields all left empty).
 */
export function joinsWithOnboarding(join: JoiningProfile): boolean {
  if (join.properties.some((p) => p.required && !propertyValuePresent(join.profile[p.name]))) return true;
  if (!join.askForProfileData) return false;
  return !join.ownForm || !Object.values(join.profile).some(propertyValuePresent);
}
