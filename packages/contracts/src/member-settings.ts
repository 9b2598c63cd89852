import { z } from './zod.ts';
import { ERROR_KEYS } from './errors.ts';
import { idSchema } from './ids.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './session.ts';

/** Groups a digest may be limited to: far more than anyone belongs to. */
export const DIGEST_GROUPS_MAX = 1000;

/**
 * A digest's settings: off, or on for every group of the member (`group_ids` null) or for the
 * groups named; `include_network_level` adds what happens outside groups.
 */
export const digestSettingsSchema = z.object({
  enabled: z.boolean(),
  group_ids: z.array(idSchema).max(DIGEST_GROUPS_MAX, ERROR_KEYS.tooLong).nullable(),
  include_network_level: z.boolean(),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

/** The spec's Member settings: which mails the member receives. */
export const memberSettingsSchema = z.object({
  email_digests: digestSettingsSchema,
  email_daily_digests: digestSettingsSchema,
  email_subscriptions: z.boolean(),
  email_notifications: z.boolean(),
  email_admin_notifications: z.boolean(),
  email_newsletter: z.boolean(),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

/** Without a stored row a member gets every mail, digests for all their groups and the network. */
export const DEFAULT_MEMBER_SETTINGS: MemberSettings = {
  email_digests: { enabled: true, group_ids: null, include_network_level: true },
  email_daily_digests: { enabled: true, group_ids: null, include_network_level: true },
  email_subscriptions: true,
  email_notifications: true,
  email_admin_notifications: true,
  email_newsletter: true,
};

/**
 * `PUT /members/{id}/settings`: the settings to change; fields left out keep their value.
 */
export const memberSettingsBodySchema = z.object({
  settings: z.object({
    email_digests: digestSettingsSchema.partial().optional(),
    email_daily_digests: digestSettingsSchema.partial().optional(),
    email_subscriptions: z.boolean().optional(),
    email_notifications: z.boolean().optional(),
    email_admin_notifications: z.boolean().optional(),
    email_newsletter: z.boolean().optional(),
  }),
});
export type MemberSettingsBody = z.infer<typeof memberSettingsBodySchema>;

/** Stored settings merged over the defaults; what does not fit the schema falls back to them. */
export function memberSettingsOf(stored: unknown): MemberSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const digest = (key: 'email_digests' | 'email_daily_digests') => {
    const parsed = digestSettingsSchema.partial().safeParse(value[key]);
    return { ...DEFAULT_MEMBER_SETTINGS[key], ...(parsed.success ? parsed.data : {}) };
  };
  const flag = (
    key: 'email_subscriptions' | 'email_notifications' | 'email_admin_notifications' | 'email_newsletter',
  ) => (typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_MEMBER_SETTINGS[key]);
  return {
    email_digests: digest('email_digests'),
    email_daily_digests: digest('email_daily_digests'),
    email_subscriptions: flag('email_subscriptions'),
    email_notifications: flag('email_notifications'),
    email_admin_notifications: flag('email_admin_notifications'),
    email_newsletter: flag('email_newsletter'),
  };
}

/** The settings form's three-way switch of a digest (spec section 4). */
export const DIGEST_SWITCHES = ['disabled', 'all', 'selected_groups'] as const;
export type DigestSwitch = (typeof DIGEST_SWITCHES)[number];

/** disabled: not enabled; all: enabled without a group list; selected_groups: enabled with one. */
export function digestSwitchOf(digest: Pick<DigestSettings, 'enabled' | 'group_ids'>): DigestSwitch {
  if (!digest.enabled) return 'disabled';
  return digest.group_ids === null ? 'all' : 'selected_groups';
}

/** The switch and the groups picked, as the digest's `enabled` and `group_ids`. */
export function digestFromSwitch(
  choice: DigestSwitch,
  groupIds: string[],
): Pick<DigestSettings, 'enabled' | 'group_ids'> {
  if (choice === 'disabled') return { enabled: false, group_ids: null };
  if (choice === 'all') return { enabled: true, group_ids: null };
  return { enabled: true, group_ids: groupIds };
}

/** The kinds of optional mail, each switched by one of the settings. */
export const MAIL_KINDS = [
  'notification',
  'digest',
  'daily_digest',
  'subscription',
  'admin_notification',
  'newsletter',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Whether the settings let a mail of that kind through (the bounced address is checked apart). */
export function settingAllows(settings: MemberSettings, kind: MailKind): boolean {
  switch (kind) {
    case 'notification':
      return settings.email_notifications;
    case 'digest':
      return settings.email_digests.enabled;
    case 'daily_digest':
      return settings.email_daily_digests.enabled;
    case 'subscription':
      return settings.email_subscriptions;
    case 'admin_notification':
      return settings.email_admin_notifications;
    case 'newsletter':
      return settings.email_newsletter;
  }
}

/** `GET, PUT /members/{id}/settings`. */
export type MemberSettingsAnswer = {
  settings: MemberSettings;
  /** When mail to the member's address bounced; notifications stay off until activated again. */
  email_bounced_at: string | null;
  /** The groups the member belongs to, for the digests' group picker. */
  groups: Array<{ id: string; name: string }>;
  can: { update: boolean; admin_notifications: boolean };
};

const passwordText = z.string().min(1, ERROR_KEYS.required).max(PASSWORD_MAX_LENGTH, ERROR_KEYS.tooLong);
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, ERROR_KEYS.tooShort)
  .max(PASSWORD_MAX_LENGTH, ERROR_KEYS.tooLong);

/** `GET /api/v1/users/registration`: the account's address, a pending new one and the feed token. */
export type RegistrationAnswer = {
  email: string;
  unconfirmed_email: string | null;
  authentication_token: string | null;
};

/** `PUT /api/v1/users/registration`: a new address (confirmed by a mailed link) and/or a new password. */
export const registrationBodySchema = z.object({
  user: z
    .object({
      current_password: passwordText,
      email: z.string().trim().toLowerCase().max(254, ERROR_KEYS.tooLong).email(ERROR_KEYS.invalid).optional(),
      password: newPassword.optional(),
      password_confirmation: z.string().max(PASSWORD_MAX_LENGTH, ERROR_KEYS.tooLong).optional(),
    })
    .refine((u) => u.password === undefined || u.password === u.password_confirmation, {
      message: ERROR_KEYS.confirmationMismatch,
      path: ['password_confirmation'],
    }),
});
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

/** `POST /api/v1/users/confirmation`: the token of the link mailed to the new address. */
export const emailConfirmationBodySchema = z.object({
  confirmation_token: z.string().min(1, ERROR_KEYS.required).max(200, ERROR_KEYS.invalidToken),
});

/** `POST /api/v1/mail/bounces`: addresses the mail system could not deliver to. */
export const mailBouncesBodySchema = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().min(1, ERROR_KEYS.required).max(254, ERROR_KEYS.tooLong))
    .min(1, ERROR_KEYS.required)
    .max(1000, ERROR_KEYS.tooLong),
});
