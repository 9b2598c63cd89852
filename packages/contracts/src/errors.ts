/** Message keys the server answers with; the web app translates them. */
export const ERROR_KEYS = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalidCredentials: 'invalid_credentials',
  locked: 'locked',
  rateLimited: 'rate_limited',
  csrf: 'invalid_csrf_token',
  // 401 for a session that still waits for its second factor (two-factor.ts).
  secondFactorRequired: 'second_factor_required',
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

/** What a 422 adds to a field's message keys, e.g. the maximum of a `too_long` text. */
export type FieldErrorDetail = { maximum?: number };
/**
 * The body of a 422 answer: each field names the message keys that apply to it; `details`
 * gives what the message needs to be said exactly ("at most 255 characters").
 */
export type ValidationErrors = { errors: Record<string, string[]>; details?: Record<string, FieldErrorDetail> };
/** The body of 401, 403, 404 and 429 answers. */
export type ErrorBody = { error: string; message?: string };

type IssueLike = { code: string; input?: unknown; origin?: string; minimum?: unknown; maximum?: unknown };

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

/** The detail of a validation issue a 422 carries: the maximum of a text that is too long. */
export function issueDetail(issue: IssueLike): FieldErrorDetail | null {
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof issue.maximum === 'number') {
    return { maximum: issue.maximum };
  }
  return null;
}
