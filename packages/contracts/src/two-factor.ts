import { ERROR_KEYS } from './errors.ts';
import { z } from './zod.ts';

/**
 * Two-factor authentication (administration spec, sections 3 "Authentication factor", 4, 5 and
 * 9): a member's second factors (an authenticator app or codes by e-mail), their backup codes,
 * and the code step of signing in.
 */

export const AUTHENTICATION_FACTOR_TYPES = ['totp', 'email'] as const;
export type AuthenticationFactorType = (typeof AUTHENTICATION_FACTOR_TYPES)[number];

/** The network setting `two_factor`. */
export const TWO_FACTOR_MODES = ['disabled', 'enabled', 'enforced'] as const;
export type TwoFactorMode = (typeof TWO_FACTOR_MODES)[number];

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const EMAIL_CODE_DIGITS = 6;
export const BACKUP_CODE_DIGITS = 10;
export const BACKUP_CODE_COUNT = 10;
/** The name of the file the backup codes are saved as. */
export const BACKUP_CODES_FILE_NAME = 'backup_codes.txt';
/** Where members manage their factors and where signing in asks for a code. */
export const TWO_FACTOR_PATH = '/users/two_factor_authentication';

export const TWO_FACTOR_ERROR_KEYS = {
  /** 400: the code is wrong, expired, used already or of a step used already. */
  invalidCode: 'invalid_code',
  /** The spec's spelling. */
  unknownType: 'unkown_type',
  /** 401: the session still waits for its second factor (or for one to be set up). */
  secondFactorRequired: ERROR_KEYS.secondFactorRequired,
  /** 403: the network offers no two-factor authentication. */
  disabled: 'two_factor_disabled',
} as const;

/** What a session still needs before it reaches anything else: a code, or a factor to be set up. */
export const SECOND_FACTOR_STEPS = ['verify', 'setup'] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];

const factorType = z.enum(AUTHENTICATION_FACTOR_TYPES, { message: TWO_FACTOR_ERROR_KEYS.unknownType });

/**
 * A code as a member types it: an authenticator app's or an e-mailed code (6 digits) or a
 * backup code (10 digits). Spaces and dashes are ignored.
 */
export const twoFactorCodeSchema = z
  .string()
  .max(40, 'too_long')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'required')
      .regex(/^\d{6,10}$/, 'invalid'),
  )
  .describe('A code of 6 digits (authenticator app, e-mail) or a backup code of 10 digits.');

export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

export const newFactorQuerySchema = z.object({
  type: z.string().max(20, TWO_FACTOR_ERROR_KEYS.unknownType).pipe(factorType),
});

export const addFactorBodySchema = z.object({
  type: z.string().max(20, TWO_FACTOR_ERROR_KEYS.unknownType).pipe(factorType),
  code: twoFactorCodeSchema,
  provisioning_uri: z.string().max(2000, 'too_long').optional(),
  secret_key: z.string().trim().max(200, 'too_long').optional(),
});
export type AddFactorBody = z.input<typeof addFactorBodySchema>;

/** A member's activated factor. */
export type AuthenticationFactor = {
  id: string;
  type: AuthenticationFactorType;
  last_used_at: string | null;
};

/** What the factors list answers: the factors and the types the network lets the member add. */
export type AuthenticationFactors = {
  factors: AuthenticationFactor[];
  available_types: AuthenticationFactorType[];
  /** How many backup codes are still unused. */
  backup_codes_left: number;
};

/** A new authenticator app's secret: as a URI (and its QR code, an SVG) and as a key to type. */
export type NewTotpFactor = { provisioning_uri: string; secret_key: string; qr_svg: string };

/** Activating a factor: the new backup codes, shown once; in the sign-in context where to go on. */
export type AddedFactor = { backup_codes: string[]; redirect_to?: string };

/** Resetting backup codes. */
export type BackupCodes = { backup_codes: string[] };

/** The code step of signing in passed. */
export type SecondFactorPassed = { redirect_to: string };
