/** Message keys the server answers with; the web app translates them. */
export const ERROR_KEYS = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalidCredentials: 'invalid_credentials',
  locked: 'locked',
  rateLimited: 'rate_limited',
  csrf: 'invalid_csrf_token',
  required: 'required',
  invalid: 'invalid',
  tooShort: 'too_short',
  tooLong: 'too_long',
  confirmationMismatch: 'confirmation_mismatch',
  invalidToken: 'invalid_token',
  // A date or time outside DATE_RANGE.
  outOfRange: 'out_of_range',
  // Text holding a NUL character or half of a UTF-16 surrogate pair, which no text can store.
  invalidCharacters: 'invalid_characters',
} as const;

export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

/** The body of a 422 answer: each field names the message keys that apply to it. */
export type ValidationErrors = { errors: Record<string, string[]> };
/** The body of 401, 403, 404 and 429 answers. */
export type ErrorBody = { error: string; message?: string };

type IssueLike = { code: string; input?: unknown; origin?: string; minimum?: unknown };

/**
 * Turns a validation issue into a message key, so that every schema answers with keys the web
 * app can translate, also where a schema names no message of its own.
 */
export function issueKey(issue: IssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? ERROR_KEYS.required : ERROR_KEYS.invalid;
    // A missing enum value is missing, not a wrong one.
    case 'invalid_value':
      return issue.input === undefined ? ERROR_KEYS.required : ERROR_KEYS.invalid;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1 ? ERROR_KEYS.required : ERROR_KEYS.tooShort;
    case 'too_big':
      return ERROR_KEYS.tooLong;
    default:
      return ERROR_KEYS.invalid;
  }
}
