import { z } from './zod.ts';
import { ERROR_KEYS } from './errors.ts';
import { idSchema } from './ids.ts';
import { LOCALES } from './locales.ts';
import { lineText, longText, nameText } from './text.ts';
import { webUrlSchema } from './urls.ts';
import { FILE_LIMITS, profilePropertySchema } from './files.ts';

/**
 * What the operator of a deployment lets a network's administrators configure (administration
 * spec, section 6: "some settings are shown only when the network config allows them"). Stored
 * sparsely in `networks.config`; every field has a default, so `networkConfigSchema.parse({})`
 * is the configuration of a new network. Set by the operator, never through the administration.
 */
export const networkConfigSchema = z.object({
  /** The abuse report switch is offered in the settings. */
  abuse_reports_configurable: z.boolean().default(true),
  /** The digest settings (sending days, upcoming appointments, daily activity) are offered. */
  digests_configurable: z.boolean().default(true),
  /** The birthday mail settings are offered. */
  birthday_emails_configurable: z.boolean().default(false),
  /** External (guest) members exist: the guest chat setting and the external toggle of members. */
  guest_users_allowed: z.boolean().default(true),
  /** Invitations by e-mail make external members only. */
  only_guest_invites_allowed: z.boolean().default(false),
  /** Two-factor authentication may be enforced for every member (the `enforced` choice). */
  two_factor_enforcement_available: z.boolean().default(false),
  /** Membership roles can be defined and assigned. */
  membership_roles_enabled: z.boolean().default(true),
  /** Members may ask for changes of their profile (the change request link). */
  change_requests_enabled: z.boolean().default(false),
});
export type NetworkConfig = z.infer<typeof networkConfigSchema>;

/** The configuration as stored, completed with the defaults; a stored value of a wrong type counts as missing. */
export function parseNetworkConfig(stored: unknown): NetworkConfig {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  const shape = networkConfigSchema.shape;
  const entries = Object.entries(source).filter(([key, value]) => {
    const field = shape[key as keyof typeof shape];
    return field !== undefined && field.safeParse(value).success;
  });
  return networkConfigSchema.parse(Object.fromEntries(entries));
}

/** A zip code of the network's location: 5 digits, optionally a hyphen and 4 more (spec section 5). */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** The longest texts of the settings where the spec names none. */
export const NETWORK_SETTINGS_LIMITS = {
  zip: 10,
  /** Group promotion description, login page texts. */
  description: 2000,
  /** The birthday mail's text. */
  mailText: 5000,
  /** Lists of ids and profile field keys. */
  list: 500,
} as const;

const keyList = z.array(z.string().trim().max(100, 'too_long')).max(NETWORK_SETTINGS_LIMITS.list, 'too_long');
const idList = z.array(idSchema).max(NETWORK_SETTINGS_LIMITS.list, 'too_long');
/** A choice that must be made: missing or null is `required`, anything else not offered `invalid`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input == null ? ERROR_KEYS.required : ERROR_KEYS.invalid) });
const digestTimeInput = choice(['am', 'pm', 'lpm']);
const count = (min: number, max: number) =>
  z.number().int(ERROR_KEYS.invalid).min(min, ERROR_KEYS.outOfRange).max(max, ERROR_KEYS.outOfRange);

/**
 * Every network setting as the settings form edits it: the name and language of the network, the
 * start page, and each field of `networkSettingsSchema` with its maximum. The rules between fields
 * (`networkSettingsErrors`) apply to the whole after a save is merged with what is stored.
 */
export const networkSettingsFieldsSchema = z.object({
  name: nameText(),
  language: z.string().max(10, ERROR_KEYS.tooLong),
  /** A path on this server the root `/` leads to; empty for the start page. */
  start_page: webUrlSchema({ absolute: false })
    .nullish()
    .or(z.literal(''))
    .transform((value) => value || null),
  abuse_reports_enabled: z.boolean(),
  join_user_can_initiate: z.boolean(),
  join_moderated: z.boolean(),
  altcha_captcha: z.boolean(),
  join_as_external: z.boolean(),
  join_ask_for_profile_data: z.boolean(),
  join_section_admins_can_invite_users: z.boolean(),
  group_promotion_config: z.object({
    active: z.boolean(),
    title: lineText(),
    description: longText(NETWORK_SETTINGS_LIMITS.description),
    group_category_ids: idList,
    groups: idList,
    enabled_for_external: z.boolean(),
    decorators: keyList,
  }),
  devise_text_before: longText(NETWORK_SETTINGS_LIMITS.description),
  devise_text_between: longText(NETWORK_SETTINGS_LIMITS.description),
  devise_text_after: longText(NETWORK_SETTINGS_LIMITS.description),
  directory_default_sort: choice(['first_name', 'last_name']),
  maps_enabled: z.boolean(),
  show_map: z.boolean(),
  map_scope_selection: choice(['all', 'poi']),
  network_location: z.object({
    street: lineText(),
    number: lineText(20),
    zip: lineText(NETWORK_SETTINGS_LIMITS.zip),
    city: lineText(),
    state: lineText(),
    country: lineText(),
  }),
  zoom_level: z.union([z.literal(0), z.literal(3), z.literal(6), z.literal(10), z.literal(15)]),
  map_theme: choice(['alidade_smooth', 'alidade_smooth_dark', 'osm_bright', 'outdoors']),
  directory_profile_fields: keyList,
  detection_profile_field: lineText(100)
    .nullish()
    .transform((value) => value || null),
  directory_filter_profile_fields: keyList,
  change_request_profile_fields: keyList,
  show_locked_memberships: z.boolean(),
  anonymize_memberships_config: choice(['enabled', 'after_days', 'disabled']),
  anonymize_memberships_after_days: count(1, 36_500).nullable(),
  anonymize_memberships_name: lineText(),
  two_factor: choice(['disabled', 'enabled', 'enforced']),
  two_factor_totp_available: z.boolean(),
  two_factor_email_available: z.boolean(),
  notifications_send_direct_message_body: z.boolean(),
  direct_messages_network_wide_senders: choice(['admins', 'members']),
  email_recommendations: z.object({
    allow_external_recipients: z.boolean(),
    include_replies_default: z.boolean(),
  }),
  digest_sending_days: z.array(z.object({ day: count(0, 6), time: digestTimeInput })).max(21, ERROR_KEYS.tooLong),
  digests: z.object({
    max_number_of_upcoming_appointments: count(0, 30),
    upcoming_appointments_position: choice(['top', 'bottom']),
    show_comments: z.boolean(),
  }),
  daily_activity: z.object({
    enabled: z.boolean(),
    include_network_level: z.boolean(),
    mode: choice(['new', 'new_and_updated']),
    sending_time: digestTimeInput,
    only_weekdays: z.boolean(),
  }),
  birthday_emails: birthdayEmailSchema(),
  file_extension_filter: z.object({
    enabled: z.boolean(),
    mode: choice(['allow', 'block']),
    extensions: keyList,
  }),
  default_lock_period_days: count(1, 365),
  email_attachment_limit_mb: count(1, 100),
  appointments_retroactive_opting: z.boolean(),
  guest_users_allow_chat: z.boolean(),
  chat_message_allow_update: z.boolean(),
  chat_message_allow_destroy: z.boolean(),
  chat_message_update_period_minutes: count(1, 525_600),
  show_online_status: z.boolean(),
  activitystream_subscriptions: z.boolean(),
  activity_on_group_join: z.boolean(),
  max_file_attachments: count(0, 50),
  max_image_attachments: count(0, 50),
  folder_profiles: z.object({
    enabled: z.boolean(),
    properties: z.array(profilePropertySchema).max(FILE_LIMITS.profilePropertiesMax, ERROR_KEYS.tooLong),
  }),
  file_profiles: z.object({
    enabled: z.boolean(),
    properties: z.array(profilePropertySchema).max(FILE_LIMITS.profilePropertiesMax, ERROR_KEYS.tooLong),
    column_fields: z.array(z.string().max(40)).max(10, ERROR_KEYS.tooLong),
  }),
});
export type NetworkSettingsValues = z.output<typeof networkSettingsFieldsSchema>;
export type NetworkSettingsInput = z.input<typeof networkSettingsFieldsSchema>;

/** The birthday mail: image (a path on this server), subject and text. */
function birthdayEmailSchema() {
  return z.object({
    enabled: z.boolean(),
    image: webUrlSchema({ absolute: false })
      .nullish()
      .or(z.literal(''))
      .transform((value) => value || null),
    subject: lineText(),
    text: longText(NETWORK_SETTINGS_LIMITS.mailText),
  });
}

/**
 * `PUT /administration/settings`: `{settings: {...}}`, any of the fields; those left out keep
 * their value, and so do those the network's configuration hides (they are ignored).
 */
export const networkSettingsBodySchema = z.object({ settings: networkSettingsFieldsSchema.partial() });

/** `POST /administration/settings/send_test_birthday_email`: the mail as the form holds it, or the saved one. */
export const testBirthdayEmailBodySchema = z
  .object({ birthday_emails: birthdayEmailSchema().omit({ enabled: true }).partial().optional() })
  .optional();

/** The settings (top-level keys) the operator's configuration hides from this network. */
export function hiddenNetworkSettings(config: NetworkConfig): string[] {
  return [
    ...(config.abuse_reports_configurable ? [] : ['abuse_reports_enabled']),
    ...(config.digests_configurable ? [] : ['digest_sending_days', 'digests', 'daily_activity']),
    ...(config.birthday_emails_configurable ? [] : ['birthday_emails']),
    ...(config.guest_users_allowed ? [] : ['guest_users_allow_chat', 'join_as_external']),
  ];
}

/** Whether the language may change: only from a language in the supported list (spec section 5). */
export function languageChangeable(current: string): boolean {
  return (LOCALES as readonly string[]).includes(current);
}

export type NetworkSettingsContext = { currentLanguage: string; config: NetworkConfig };

/**
 * The rules between the settings (administration spec, section 5), keyed by dotted field path:
 * the server answers them as a 422, the form shows them and (two-factor) blocks saving.
 */
export function networkSettingsErrors(
  values: NetworkSettingsValues,
  context: NetworkSettingsContext,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  const blank = (value: string | null | undefined) => !value || value.trim() === '';

  if (values.language !== context.currentLanguage) {
    if (!languageChangeable(context.currentLanguage)) add('language', 'not_changeable');
    else if (!languageChangeable(values.language)) add('language', ERROR_KEYS.invalid);
  }
  if (values.group_promotion_config.active && blank(values.group_promotion_config.title)) {
    add('group_promotion_config.title', ERROR_KEYS.required);
  }
  const location = values.network_location;
  if (values.map_scope_selection === 'poi') {
    for (const field of ['street', 'number', 'zip', 'city'] as const) {
      if (blank(location[field])) add(`network_location.${field}`, ERROR_KEYS.required);
    }
  }
  if (!blank(location.zip) && !ZIP_PATTERN.test(location.zip.trim())) add('network_location.zip', ERROR_KEYS.invalid);
  if (values.two_factor !== 'disabled' && !values.two_factor_totp_available && !values.two_factor_email_available) {
    add('two_factor_totp_available', 'selection_required');
  }
  if (values.two_factor === 'enforced' && !context.config.two_factor_enforcement_available) {
    add('two_factor', 'not_available');
  }
  if (values.anonymize_memberships_config === 'after_days' && values.anonymize_memberships_after_days === null) {
    add('anonymize_memberships_after_days', ERROR_KEYS.required);
  }
  if (values.anonymize_memberships_config !== 'disabled' && blank(values.anonymize_memberships_name)) {
    add('anonymize_memberships_name', ERROR_KEYS.required);
  }
  return errors;
}

/** What `GET /administration/settings` answers: the settings and what the form needs. */
export type NetworkSettingsAdministration = {
  settings: NetworkSettingsValues;
  config: NetworkConfig;
  /** The languages a network can choose. */
  languages: readonly string[];
  language_changeable: boolean;
  /** Setting keys the configuration hides: not shown, and ignored when saved. */
  hidden: string[];
  options: {
    group_categories: Array<{ id: string; name: string }>;
    groups: Array<{ id: string; name: string }>;
    profile_fields: string[];
  };
};
