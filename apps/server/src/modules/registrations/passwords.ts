import { ERROR_KEYS, JOIN_ERROR_KEYS, PASSWORD_MIN_LENGTH } from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import type { RegistrationsDeps } from './deps.ts';

/** The rules of a new password: long enough and typed twice alike. */
export function checkNewPassword(password: string, confirmation: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw unprocessable({ password: [ERROR_KEYS.tooShort] });
  if (password !== confirmation) throw unprocessable({ password_confirmation: [ERROR_KEYS.confirmationMismatch] });
}

/**
 * Someone who joins with the address of an existing account (of another network) proves it is
 * theirs with its password; anyone else chooses a new one. `field` names where a wrong password
 * is reported: on the address when signing up (which would otherwise tell whose it is), on the
 * password when accepting an invitation (the token already proved the address).
 */
export async function checkJoiningPassword(
  deps: Pick<RegistrationsDeps, 'accounts'>,
  input: { email: string; password: string; password_confirmation: string },
  field: 'email' | 'password',
): Promise<{ existingUserId: string | null }> {
  const check = await deps.accounts.passwordCheck(input.email, input.password);
  if (check.account === 'none') {
    checkNewPassword(input.password, input.password_confirmation);
    return { existingUserId: null };
  }
  if (check.account === 'mismatch') {
    throw unprocessable(
      field === 'email' ? { email: [JOIN_ERROR_KEYS.taken] } : { password: [JOIN_ERROR_KEYS.invalidPassword] },
    );
  }
  return { existingUserId: check.userId };
}
