import { z } from './zod.ts';
import { LOCALES } from './locales.ts';
import type { CurrentMember } from './member.ts';
import type { SecondFactorStep } from './two-factor.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z.string().trim().toLowerCase().min(1, 'required').max(254, 'too_long').email('invalid');

export const signInBodySchema = z.object({
  user: z.object({
    email: z.string().trim().toLowerCase().min(1, 'required').max(254, 'too_long'),
    password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'too_long'),
    /**
     * The language the visitor chose on the sign-in page (not merely the browser's). It becomes the
     * member's own language when they have none yet; a member's own language is never replaced.
     */
    locale: z
      .enum(LOCALES)
      .optional()
      .describe("The language chosen before signing in; stored as the member's own only when they have none yet."),
  }),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const passwordResetRequestSchema = z.object({
  user: z.object({ email }),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({
  user: z
    .object({
      reset_password_token: z.string().min(1, 'required').max(200, 'invalid'),
      password: z.string().min(PASSWORD_MIN_LENGTH, 'too_short').max(PASSWORD_MAX_LENGTH, 'too_long'),
      password_confirmation: z.string(),
    })
    .refine((u) => u.password === u.password_confirmation, {
      message: 'confirmation_mismatch',
      path: ['password_confirmation'],
    }),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/**
 * What sign-in and `GET /api/v1/session` answer. Without a session the latter answers
 * `204 No Content`: being signed out is an answer, not an error.
 */
export type SessionInfo = {
  member: CurrentMember;
  csrf_token: string;
  locale: string;
  /**
   * Set while the session waits for its second factor: `verify` (a code is needed) or `setup`
   * (the network enforces two-factor and the member has no factor yet). Such a session reaches
   * only the two-factor calls.
   */
  second_factor?: SecondFactorStep;
};

/** `GET /api/v1/session`: the session, or null when nobody is signed in (204). */
export type CurrentSession = SessionInfo | null;
