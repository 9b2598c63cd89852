import { fieldErrorMessages } from '../../../ui/use-error-message.ts';

/** A 422's field errors by the form's own field names (`external_invite.email` is `email`). */
export function inviteFieldErrors(error: unknown): Record<string, string> {
  const errors = fieldErrorMessages(error, 'external-invites') ?? {};
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field.replace(/^external_invite\./, '').replace(/\[\]$/, ''),
      message,
    ]),
  );
}

/** The errors of the fields the form shows; the rest go to the alert above it. */
export function splitErrors(errors: Record<string, string>, shown: readonly string[]) {
  const own: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (shown.includes(field)) own[field] = message;
    else other.push(message);
  }
  return { own, other };
}
