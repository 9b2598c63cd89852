/** The network's settings were saved (administration spec: settings/edit). */
export const NETWORK_SETTINGS_UPDATED = 'network.settings_updated';
/** The operator changed what the network may configure (not through the administration). */
export const NETWORK_CONFIG_UPDATED = 'network.config_updated';
/** The network's design was saved (administration spec: designs). */
export const NETWORK_DESIGN_UPDATED = 'network.design_updated';

/** Whether a `network.settings_updated` event changed this setting (a dotted key). */
export function settingChanged(event: { changes: Record<string, unknown> }, key: string): boolean {
  const { changes } = event.changes as Partial<SettingsEventChanges>;
  return Array.isArray(changes) && changes.some((change) => change.key === key);
}

/** Whether a `network.settings_updated` event changed the network's language. */
export const languageChanged = (event: { changes: Record<string, unknown> }): boolean =>
  settingChanged(event, 'language');

/** One setting that changed: its dotted key with the value before and after. */
export type SettingChange = { key: string; old: unknown; new: unknown };

/** What `network.settings_updated` and `network.design_updated` carry. */
export type SettingsEventChanges = { network_name: string; changes: SettingChange[] };

/** Values compared as a whole: lists and anything that is no plain object. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Missing and null are the same: no value. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The settings that differ between two versions, nested objects walked into (`colors.primary`),
 * lists compared whole; in key order, so that an entry reads the same each time.
 */
export function settingChanges(before: unknown, after: unknown, prefix = ''): SettingChange[] {
  if (!isPlainObject(before) || !isPlainObject(after)) {
    return same(before, after) ? [] : [{ key: prefix || 'value', old: before ?? null, new: after ?? null }];
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const [a, b] = [before[key], after[key]];
    if (isPlainObject(a) && isPlainObject(b)) return settingChanges(a, b, path);
    return same(a, b) ? [] : [{ key: path, old: a ?? null, new: b ?? null }];
  });
}
