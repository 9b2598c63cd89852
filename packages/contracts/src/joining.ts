import { z } from './zod.ts';
import { LOCALES } from './locales.ts';
import type { SessionInfo } from './session.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './session.ts';
import { lineText, nameText, TEXT_LIMITS } from './text.ts';

/**
 * Joining a network (administration spec, section 3 "Joining"): accepting an invitation by
 * e-mail, signing up when `join_user_can_initiate`, moderated by administrators when
 * `join_moderated`, with an ALTCHA proof of work when `altcha_captcha`.
 */

/**
 * The profile fields asked for when `join_ask_for_profile_data`: the one-line fields of the
 * profile (lists and the address have forms of their own). The network's
 * `directory_profile_fields` among them are asked; all of them when it names none.
 */
export const JOIN_PROFILE_FIELDS = ['department', 'position', 'location', 'phone', 'mobile', 'room'] as const;
export type JoinProfileField = (typeof JOIN_PROFILE_FIELDS)[number];

export const JOIN_ERROR_KEYS = {
  /** The address is a member of the network already (or has an account whose password was not given). */
  taken: 'taken',
  /** A registration with this address waits for an administrator already. */
  alreadyRegistered: 'already_registered',
  /** The ALTCHA proof of work is missing, wrong, expired or used before. */
  altchaInvalid: 'altcha_invalid',
  /** The password of the existing account was wrong. */
  invalidPassword: 'invalid_password',
  /** The registration was decided already. */
  alreadyDecided: 'already_decided',
} as const;

const emailText = z.string().trim().toLowerCase().min(1, 'required').max(254, 'too_long').email('invalid');
const passwordText = z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'too_long');

const profileValue = lineText(TEXT_LIMITS.line).optional();

/** Values of the profile fields asked for; fields not asked are dropped by the server. */
export const joinProfileSchema = z
  .object({
    department: profileValue,
    position: profileValue,
    location: profileValue,
    phone: profileValue,
    mobile: profileValue,
    room: profileValue,
  } satisfies Record<JoinProfileField, unknown>)
  .default({})
  .describe('Values of the profile fields the network asks for (`profile_fields`).');
export type JoinProfileValues = Partial<Record<JoinProfileField, string>>;

const nameFields = {
  first_name: nameText().describe('First name.'),
  last_name: nameText().describe('Last name.'),
};

/**
 * A new password twice. Checked after the other fields: someone with an account already gives
 * its password once (confirmation not needed), which the server checks instead.
 */
const passwordFields = {
  password: passwordText.describe(`The password, at least ${PASSWORD_MIN_LENGTH} characters for a new account.`),
  password_confirmation: z
    .string()
    .max(PASSWORD_MAX_LENGTH, 'too_long')
    .default('')
    .describe('The password again (not needed with an existing account).'),
  locale: z.enum(LOCALES).optional().describe('The language chosen on the page; becomes the new account’s own.'),
};

/** `POST /invitations/{token}`. */
export const acceptInvitationBodySchema = z.object({
  user: z.object({ ...nameFields, ...passwordFields, profile: joinProfileSchema }),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

/** `POST /users`: signing up. */
export const signUpBodySchema = z.object({
  user: z.object({
    email: emailText.describe('The address to sign in with.'),
    ...nameFields,
    ...passwordFields,
    profile: joinProfileSchema,
    altcha: z
      .string()
      .max(4000, 'too_long')
      .optional()
      .describe('The solved ALTCHA challenge (base64 JSON of the widget) when the network asks for one.'),
  }),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** `GET /invitations/{token}`: what the invitation page shows. */
export type InvitationInfo = {
  email: string;
  first_name: string;
  last_name: string;
  network_name: string;
  groups: Array<{ id: string; name: string; slug: string }>;
  user_type: 'normal' | 'external';
  /** The address has an account already (another network's): its password is asked, not a new one. */
  has_account: boolean;
  ask_for_profile_data: boolean;
  profile_fields: JoinProfileField[];
};

/** `GET /users/sign_up` as JSON: whether and how visitors may sign up. */
export type SignUpSettings = {
  allowed: boolean;
  network_name: string;
  moderated: boolean;
  altcha: boolean;
  as_external: boolean;
  ask_for_profile_data: boolean;
  profile_fields: JoinProfileField[];
};

/** What joining answers: where to go next, and the session when one was opened. */
export type JoinResult =
  | { status: 'member'; redirect_to: string; session: SessionInfo }
  | { status: 'pending'; redirect_to: null; session: null };

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const REGISTRATIONS_PER_PAGE = 25;

export const registrationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('The page, from 1.'),
  status: z.enum(REGISTRATION_STATUSES).default('pending').describe('Which registrations: pending by default.'),
});

/** An item of `GET /administration/registrations`. */
export type RegistrationItem = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  profile: JoinProfileValues;
  status: RegistrationStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: { id: string; name: string } | null;
  can: { approve: boolean; reject: boolean };
};

export type RegistrationsPage = { items: RegistrationItem[]; page: number; per: number; total: number };

/** The challenge `GET /altcha/challenge` answers, as the ALTCHA widget reads it. */
export type AltchaChallenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};
