import {
  networkSettingsErrors,
  networkSettingsFieldsSchema,
  type NetworkConfig,
  type NetworkSettingsValues,
} from '@agora/contracts';

export type SettingsValues = NetworkSettingsValues;
/** Error message keys by dotted field path, as the server answers them. */
export type ErrorKeys = Record<string, string[]>;

export const SETTINGS_TABS = ['basic', 'join', 'member', 'mail'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab the `tab` query parameter names, else the first. */
export function tabFrom(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'basic';
}

/** A copy of the values with one field, named by its dotted path, replaced. */
export function setAt<T extends object>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const current = values as Record<string, unknown>;
  if (rest.length === 0) return { ...current, [head!]: value } as T;
  return { ...current, [head!]: setAt((current[head!] ?? {}) as object, rest.join('.'), value) } as T;
}

/** The value at a dotted path. */
export function getAt(values: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], values);
}

/**
 * What the server would refuse, checked as the server checks (the same rules from contracts):
 * each field's own rule, then the rules between fields. Settings the configuration hides are
 * not checked, as the server ignores them.
 */
export function settingsErrors(
  values: SettingsValues,
  context: { currentLanguage: string; config: NetworkConfig; hidden: string[] },
): ErrorKeys {
  const errors: ErrorKeys = {};
  const parsed = networkSettingsFieldsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      if (context.hidden.includes(String(issue.path[0]))) continue;
      (errors[field] ??= []).push(issue.message);
    }
  }
  for (const [field, keys] of Object.entries(networkSettingsErrors(values, context))) {
    if (context.hidden.includes(field.split('.')[0]!)) continue;
    errors[field] = [...(errors[field] ?? []), ...keys.filter((key) => !errors[field]?.includes(key))];
  }
  return errors;
}

/** The fields each tab holds (top-level keys), to show which tab has errors and open it. */
export const TAB_FIELDS: Record<SettingsTab, string[]> = {
  basic: [
    'name',
    'language',
    'start_page',
    'abuse_reports_enabled',
    'maps_enabled',
    'show_map',
    'map_scope_selection',
    'network_location',
    'zoom_level',
    'map_theme',
    'guest_users_allow_chat',
    'chat_message_allow_update',
    'chat_message_allow_destroy',
    'chat_message_update_period_minutes',
    'show_online_status',
    'activitystream_subscriptions',
    'activity_on_group_join',
    'max_file_attachments',
    'max_image_attachments',
    'file_extension_filter',
    'default_lock_period_days',
    'appointments_retroactive_opting',
    'email_attachment_limit_mb',
  ],
  join: [
    'join_user_can_initiate',
    'join_moderated',
    'altcha_captcha',
    'join_as_external',
    'join_ask_for_profile_data',
    'join_section_admins_can_invite_users',
    'group_promotion_config',
    'devise_text_before',
    'devise_text_between',
    'devise_text_after',
  ],
  member: [
    'directory_default_sort',
    'directory_profile_fields',
    'detection_profile_field',
    'directory_filter_profile_fields',
    'change_request_profile_fields',
    'show_locked_memberships',
    'anonymize_memberships_config',
    'anonymize_memberships_after_days',
    'anonymize_memberships_name',
    'two_factor',
    'two_factor_totp_available',
    'two_factor_email_available',
  ],
  mail: [
    'notifications_send_direct_message_body',
    'email_recommendations',
    'digest_sending_days',
    'digests',
    'daily_activity',
    'birthday_emails',
  ],
};

/** The tab a field (dotted path) is on. */
export function tabOf(field: string): SettingsTab {
  const key = field.split('.')[0]!;
  return SETTINGS_TABS.find((tab) => TAB_FIELDS[tab].includes(key)) ?? 'basic';
}

/** What is sent: every setting but those the configuration hides. */
export function bodyOf(values: SettingsValues, hidden: string[]): Partial<SettingsValues> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !hidden.includes(key))) as Partial<SettingsValues>;
}
