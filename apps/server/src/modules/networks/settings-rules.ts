import {
  hiddenNetworkSettings,
  LOCALES,
  languageChangeable,
  networkSettingsErrors,
  parseNetworkConfig,
  PROFILE_FIELD_LABELS,
  type NetworkSettings,
  type NetworkSettingsAdministration,
  type NetworkSettingsValues,
} from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import type { NetworkRow } from './repository.ts';
import type { NetworksService } from './service.ts';

export type SettingsOptions = NetworkSettingsAdministration['options'];

/** The settings form's values as stored: the settings completed with their defaults, name and language. */
export function settingsValues(networks: NetworksService, network: NetworkRow): NetworkSettingsValues {
  return { ...networks.settings(network), name: network.name, language: network.language };
}

/** What `GET /administration/settings` answers. */
export function presentSettings(
  networks: NetworksService,
  network: NetworkRow,
  options: Omit<SettingsOptions, 'profile_fields'>,
): NetworkSettingsAdministration {
  const config = parseNetworkConfig(network.config);
  return {
    settings: settingsValues(networks, network),
    config,
    languages: LOCALES,
    language_changeable: languageChangeable(network.language),
    hidden: hiddenNetworkSettings(config),
    options: { ...options, profile_fields: Object.keys(PROFILE_FIELD_LABELS) },
  };
}

/**
 * A save merged with what is stored: the fields left out and those the configuration hides keep
 * their value. Checked by the rules of section 5 (422, nothing changed); answers the settings
 * patch and the network's name and language.
 */
export function mergeSettings(
  networks: NetworksService,
  network: NetworkRow,
  input: Partial<NetworkSettingsValues>,
  known: { groupIds: Set<string>; categoryIds: Set<string> },
) {
  const config = parseNetworkConfig(network.config);
  const hidden = new Set(hiddenNetworkSettings(config));
  const current = settingsValues(networks, network);
  const sent = Object.fromEntries(
    Object.entries(input).filter(([key, value]) => value !== undefined && !hidden.has(key)),
  );
  const merged = { ...current, ...sent } as NetworkSettingsValues;
  const errors = networkSettingsErrors(merged, { currentLanguage: network.language, config });
  // Only what is sent is checked: a group deleted since the last save does not block the next.
  const promotion = input.group_promotion_config ?? { groups: [], group_category_ids: [] };
  if (promotion.groups.some((id) => !known.groupIds.has(id))) {
    (errors['group_promotion_config.groups'] ??= []).push('invalid');
  }
  if (promotion.group_category_ids.some((id) => !known.categoryIds.has(id))) {
    (errors['group_promotion_config.group_category_ids'] ??= []).push('invalid');
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const { name, language, ...settings } = merged;
  return { settings: settings satisfies NetworkSettings, name, language };
}
