import {
  JOIN_PROFILE_FIELDS,
  type JoinProfileField,
  type JoinProfileValues,
  type NetworkSettings,
} from '@agora/contracts';

/**
 * The profile fields asked for when joining: the network's directory fields among the one-line
 * ones, all of them when it names none; none unless `join_ask_for_profile_data`.
 */
export function askedProfileFields(settings: NetworkSettings): JoinProfileField[] {
  if (!settings.join_ask_for_profile_data) return [];
  const named = JOIN_PROFILE_FIELDS.filter((key) => settings.directory_profile_fields.includes(key));
  return named.length > 0 ? named : [...JOIN_PROFILE_FIELDS];
}

/** The values of the asked fields that were filled in: what becomes the member's profile. */
export function profileValues(settings: NetworkSettings, values: JoinProfileValues): Record<string, string> {
  const profile: Record<string, string> = {};
  for (const key of askedProfileFields(settings)) {
    const value = values[key]?.trim();
    if (value) profile[key] = value;
  }
  return profile;
}
