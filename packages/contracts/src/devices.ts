import { z } from './zod.ts';
import { URL_MAX_LENGTH } from './urls.ts';
import { optionalLineText } from './text.ts';

/**
 * Devices a member receives push notifications on (administration spec, sections 3 and 7): a
 * browser (its Web Push subscription) or the mobile app on iOS or Android (its push token).
 */
export const DEVICE_PLATFORMS = ['web', 'ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

export const DEVICE_LIMITS = {
  /** A Web Push endpoint is a URL; an app's token (APNs, FCM) is far shorter. */
  token: URL_MAX_LENGTH,
  name: 100,
  /** The subscription's keys in base64url: p256dh is 87 characters, auth 22. */
  key: 200,
} as const;

/**
 * The push settings' categories, each with a flag per notification type (the types of
 * `notifications:types.*`). A type that is in no category is pushed under `general.other`.
 */
export const PUSH_NOTIFICATION_CATEGORIES = {
  messages: ['direct_message', 'circular_letter'],
  activities: ['activity_mention', 'activity_reply', 'activity_answer'],
  groups: [
    'group_membership_added',
    'group_admin_added',
    'group_member_joined',
    'group_member_removed',
    'group_join_request_accepted',
    'group_join_request_rejected',
  ],
  invites: ['group_invite', 'group_invite_renewed', 'appointment_invite'],
  appointments: ['appointment_canceled'],
  files: ['file_pending_version_approved', 'file_pending_version_declined'],
  administration: ['group_join_requested', 'registration_pending'],
  general: ['welcome', 'other'],
} as const satisfies Record<string, readonly string[]>;

export type PushCategory = keyof typeof PUSH_NOTIFICATION_CATEGORIES;
export const PUSH_CATEGORIES = Object.keys(PUSH_NOTIFICATION_CATEGORIES) as PushCategory[];

/** Types stored under another name that share a flag (a declined request with a message). */
const PUSH_FLAG_ALIASES: Record<string, string> = {
  group_join_request_rejected_with_message: 'group_join_request_rejected',
};

/** Where a notification type's flag is: its category and flag, `general.other` for unknown types. */
export function pushFlagOf(type: string): { category: PushCategory; flag: string } {
  const flag = PUSH_FLAG_ALIASES[type] ?? type;
  for (const category of PUSH_CATEGORIES) {
    if ((PUSH_NOTIFICATION_CATEGORIES[category] as readonly string[]).includes(flag)) return { category, flag };
  }
  return { category: 'general', flag: 'other' };
}

/** A device's settings: every category with every flag (`{messages: {direct_message: true, ...}, ...}`). */
export type DevicePushSettings = Record<string, Record<string, boolean>>;

/** Every flag on: what a device has until its member changes something. */
export function defaultPushSettings(): DevicePushSettings {
  return Object.fromEntries(
    PUSH_CATEGORIES.map((category) => [
      category,
      Object.fromEntries(PUSH_NOTIFICATION_CATEGORIES[category].map((flag) => [flag, true])),
    ]),
  );
}

/** The stored flags over the defaults; flags no longer known are dropped, new ones are on. */
export function completePushSettings(stored: DevicePushSettings | null | undefined): DevicePushSettings {
  const settings = defaultPushSettings();
  for (const [category, flags] of Object.entries(settings)) {
    for (const flag of Object.keys(flags)) {
      const value = stored?.[category]?.[flag];
      if (typeof value === 'boolean') flags[flag] = value;
    }
  }
  return settings;
}

const base64url = z
  .string()
  .trim()
  .min(1, 'required')
  .max(DEVICE_LIMITS.key, 'too_long')
  .regex(/^[A-Za-z0-9_-]+=*$/, 'invalid');

/**
 * `POST /api/v1/devices`: registers the member's device, or refreshes it when the member has one
 * with this token already. For `web`, `token` is the subscription's endpoint (an https URL) and
 * `keys` its `p256dh` and `auth`; for the apps, the platform's push token.
 */
export const deviceBodySchema = z.object({
  device: z
    .object({
      platform: z.enum(DEVICE_PLATFORMS),
      token: z.string().trim().min(1, 'required').max(DEVICE_LIMITS.token, 'too_long'),
      name: optionalLineText(DEVICE_LIMITS.name),
      keys: z.object({ p256dh: base64url, auth: base64url }).nullish(),
    })
    .superRefine((device, ctx) => {
      if (device.platform === 'web' && !device.keys)
        ctx.addIssue({ code: 'custom', message: 'required', path: ['keys'] });
    }),
});
export type DeviceBody = z.input<typeof deviceBodySchema>;
export type DeviceInput = z.output<typeof deviceBodySchema>['device'];

const flagsSchema = (category: PushCategory) =>
  z
    .object(Object.fromEntries(PUSH_NOTIFICATION_CATEGORIES[category].map((flag) => [flag, z.boolean().optional()])))
    .strict();

/**
 * `POST /api/v1/devices/{deviceId}/settings`: the flags to change, by category; flags left out
 * stay as they are. Unknown categories and flags are refused.
 */
export const devicePushSettingsBodySchema = z.object({
  settings: z
    .object(Object.fromEntries(PUSH_CATEGORIES.map((category) => [category, flagsSchema(category).optional()])))
    .strict(),
});
export type DevicePushSettingsBody = { settings: Partial<Record<PushCategory, Record<string, boolean>>> };

/** A registered device as its member sees it. */
export type Device = {
  id: string;
  platform: DevicePlatform;
  name: string | null;
  last_seen_at: string;
  created_at: string;
};

/** Answer of `GET` and `POST /api/v1/devices/{deviceId}/settings`. */
export type DevicePushSettingsAnswer = { device: Device; settings: DevicePushSettings };

/** Answer of `GET /api/v1/devices/web-push-key`: the VAPID public key, null while push is off. */
export type WebPushKeyAnswer = { public_key: string | null };

/**
 * Answer of `GET /api/v1/get-web-token`: a one-time token, valid for `expires_in` seconds, that
 * the mobile app opens its web view with (`GET /api/v1/web-session?token=&redirect=`).
 */
export type WebTokenAnswer = { token: string; expires_at: string; expires_in: number };

/** What a push message carries (the browser's service worker shows it). */
export type PushMessage = { title: string; body: string; url: string; tag: string };
