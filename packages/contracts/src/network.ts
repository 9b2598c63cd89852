import { z } from './zod.ts';
import { LOCALES } from './locales.ts';
import type { ActiveTheme } from './theme.ts';
import { fileProfilesSettingsSchema, folderProfilesSettingsSchema, type ProfileProperty } from './files.ts';

const digestTime = z.enum(['am', 'pm', 'lpm']);

/**
 * The network settings of the administration spec, section 3. Every field has a default, so
 * `networkSettingsSchema.parse({})` gives the settings of a new network and stored settings
 * written by an older version gain the fields added since.
 */
export const networkSettingsSchema = z.object({
  abuse_reports_enabled: z.boolean().default(false),
  join_user_can_initiate: z.boolean().default(false),
  join_moderated: z.boolean().default(true),
  altcha_captcha: z.boolean().default(true),
  join_as_external: z.boolean().default(false),
  join_ask_for_profile_data: z.boolean().default(false),
  join_section_admins_can_invite_users: z.boolean().default(false),
  group_promotion_config: z
    .object({
      active: z.boolean().default(false),
      title: z.string().default(''),
      description: z.string().default(''),
      group_category_ids: z.array(z.string()).default([]),
      groups: z.array(z.string()).default([]),
      enabled_for_external: z.boolean().default(false),
      decorators: z.array(z.string()).default([]),
    })
    .prefault({}),
  devise_text_before: z.string().default(''),
  devise_text_between: z.string().default(''),
  devise_text_after: z.string().default(''),
  directory_default_sort: z.enum(['first_name', 'last_name']).default('last_name'),
  maps_enabled: z.boolean().default(false),
  show_map: z.boolean().default(false),
  map_scope_selection: z.enum(['all', 'poi']).default('all'),
  network_location: z
    .object({
      street: z.string().default(''),
      number: z.string().default(''),
      zip: z.string().default(''),
      city: z.string().default(''),
      state: z.string().default(''),
      country: z.string().default(''),
    })
    .prefault({}),
  zoom_level: z.union([z.literal(0), z.literal(3), z.literal(6), z.literal(10), z.literal(15)]).default(6),
  map_theme: z.enum(['alidade_smooth', 'alidade_smooth_dark', 'osm_bright', 'outdoors']).default('osm_bright'),
  directory_profile_fields: z.array(z.string()).default([]),
  detection_profile_field: z.string().nullable().default(null),
  directory_filter_profile_fields: z.array(z.string()).default([]),
  /** The profile properties members change by a change request (where the operator enables them). */
  change_request_profile_fields: z.array(z.string()).default([]),
  show_locked_memberships: z.boolean().default(false),
  anonymize_memberships_config: z.enum(['enabled', 'after_days', 'disabled']).default('disabled'),
  anonymize_memberships_after_days: z.number().int().min(1).nullable().default(null),
  anonymize_memberships_name: z.string().default(''),
  two_factor: z.enum(['disabled', 'enabled', 'enforced']).default('disabled'),
  two_factor_totp_available: z.boolean().default(true),
  two_factor_email_available: z.boolean().default(true),
  notifications_send_direct_message_body: z.boolean().default(true),
  /**
   * Who may write direct messages to any member of the network they can see besides its
   * administrators (who always may): every member, or the administrators alone; the others write
   * to the members of the groups they administrate.
   */
  direct_messages_network_wide_senders: z.enum(['admins', 'members']).default('members'),
  email_recommendations: z
    .object({
      allow_external_recipients: z.boolean().default(false),
      include_replies_default: z.boolean().default(true),
    })
    .prefault({}),
  digest_sending_days: z
    .array(z.object({ day: z.number().int().min(0).max(6), time: digestTime }))
    .default([{ day: 1, time: 'am' }]),
  digests: z
    .object({
      max_number_of_upcoming_appointments: z.number().int().min(0).max(30).default(5),
      upcoming_appointments_position: z.enum(['top', 'bottom']).default('top'),
      show_comments: z.boolean().default(true),
    })
    .prefault({}),
  daily_activity: z
    .object({
      enabled: z.boolean().default(false),
      include_network_level: z.boolean().default(true),
      mode: z.enum(['new', 'new_and_updated']).default('new'),
      sending_time: digestTime.default('am'),
      only_weekdays: z.boolean().default(true),
    })
    .prefault({}),
  birthday_emails: z
    .object({
      enabled: z.boolean().default(false),
      image: z.string().nullable().default(null),
      subject: z.string().default(''),
      text: z.string().default(''),
    })
    .prefault({}),
  /** Uploads to the files directory checked by lower-case extension: only listed, or all but listed. */
  file_extension_filter: z
    .object({
      enabled: z.boolean().default(false),
      mode: z.enum(['allow', 'block']).default('block'),
      extensions: z.array(z.string()).default([]),
    })
    .prefault({}),
  /** How long a file is locked when a member locks it on download. */
  default_lock_period_days: z.number().int().min(1).max(365).default(7),
  /** The largest total of attachments a mail from the network may carry (contacting attendees). */
  email_attachment_limit_mb: z.number().int().min(1).max(100).default(10),
  /** Whether members may still answer an appointment's invitation once it is over. */
  appointments_retroactive_opting: z.boolean().default(false),
  guest_users_allow_chat: z.boolean().default(false),
  chat_message_allow_update: z.boolean().default(true),
  chat_message_allow_destroy: z.boolean().default(true),
  /** Minutes after sending in which a chat message may still be edited or deleted. */
  chat_message_update_period_minutes: z.number().int().min(1).max(525_600).default(15),
  /** Whether members see who is online in the chat. */
  show_online_status: z.boolean().default(true),
  /** Whether members may choose the streams that reach their home (never the `all` stream). */
  activitystream_subscriptions: z.boolean().default(true),
  /** Whether a member joining an open group is posted (a short note) in the group's stream. */
  activity_on_group_join: z.boolean().default(false),
  max_file_attachments: z.number().int().min(0).max(50).default(10),
  max_image_attachments: z.number().int().min(0).max(50).default(10),
  /** A path on this server the root `/` leads to; null: the start page. */
  start_page: z.string().nullable().default(null),
  /** Profile properties of folders and of files (when enabled), and the files table's columns. */
  folder_profiles: folderProfilesSettingsSchema,
  file_profiles: fileProfilesSettingsSchema,
});
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;

export const networkLanguageSchema = z.enum(LOCALES);

/** What the header and user bar need: the network shell (administration spec, section 3). */
export type NetworkShell = {
  id: string;
  name: string;
  language: string;
  /** Where the root `/` leads (a path on this server); null or absent: the start page. */
  start_page?: string | null;
  /** The network's design; group and category designs are applied over it on their routes. */
  theme: ActiveTheme;
  config: {
    memberships: {
      profile_edit_target: 'profile' | 'registration';
      change_requests: { enabled: boolean };
    };
    folder_profiles: { enabled: boolean; properties: ProfileProperty[] };
    file_profiles: { enabled: boolean; column_fields: string[]; properties: ProfileProperty[] };
    /** Whether an office server is configured (`WOPI_DISCOVERY_URL`): the file page asks for its actions then. */
    office_documents?: { enabled: boolean };
    /** What upload fields check before sending (the server checks again). */
    file_extension_filter: NetworkSettings['file_extension_filter'];
    default_lock_period_days: number;
    /** Whether the members' maps exist (`maps_enabled`): the directory links them then. Absent: off. */
    maps?: { enabled: boolean };
    /** Whether the operator lets this network keep membership roles (their editors and assignment). Absent: on. */
    membership_roles?: { enabled: boolean };
  };
  /** `chat`: whether the member may chat at all (guests where the network lets them); the chat's entries follow it. */
  can: { administrate: boolean; version_and_updates: boolean; chat: boolean; send_direct_messages: boolean };
  group_categories: Array<{
    id: string;
    slug: string;
    name: string;
    plural_name: string;
    order: number;
    active_theme: ActiveTheme | null;
    can: { administrate: boolean };
  }>;
  customer_central_url: string | null;
  customer_central_jwt: string | null;
  teams_configuration: { show_renew_secret_modal: boolean };
  root_folder_id: string | null;
};

/**
 * `GET /api/v1/network/sign_in`: what the sign-in page shows of the network before anyone
 * signs in: its name and the administrators' texts above the form, between its fields and below.
 */
export type SignInTexts = { name: string; texts: { before: string; between: string; after: string } };
