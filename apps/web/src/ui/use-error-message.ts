import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '@agora/contracts';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';

type Translate = (key: string | string[], options?: Record<string, unknown>) => string;
const translate: Translate = (key, options) => i18n.t(key, options);

/**
 * The translated sentence for a failed call: the server's message key, else a generic one.
 * A feature namespace (ns) is asked first, for keys of its own (e.g. calendars_empty).
 */
export function errorMessage(error: unknown, ns?: string, t: Translate = translate): string {
  if (error instanceof ApiError) {
    // A short wait is said in seconds; "a few minutes" would send the member away for nothing.
    if (error.key === 'rate_limited' && error.retryAfter !== null && error.retryAfter <= 120)
      return t('common:errors.rate_limited_seconds', { count: Math.max(1, error.retryAfter) });
    return translateKey(error.key, ns, t, 'common:errors.generic');
  }
  if (error instanceof TypeError) return t('common:errors.network_error');
  return t('common:errors.generic');
}

/** The status of a failed call, where it has one (the API's errors, and errors shaped like them). */
function statusOf(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

/**
 * Whether trying the same call again can help: the network failed (fetch throws a TypeError),
 * the server failed (5xx) or asked to wait (429, 408). Never for a refusal or a missing thing
 * (401, 403, 404, 410, 422): the answer would be the same.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const status = statusOf(error);
  return status !== null && (status >= 500 || status === 429 || status === 408);
}

/** Why a thing cannot be shown: it is gone (404, 410) or the member may not see it (403); else null. */
export type MissingReason = 'not_found' | 'forbidden';

export function missingReason(error: unknown): MissingReason | null {
  const status = statusOf(error);
  if (status === 404 || status === 410) return 'not_found';
  if (status === 403) return 'forbidden';
  return null;
}

/** Field errors of a 422 answer, translated, keyed by field; null when the error has none. */
export function fieldErrorMessages(
  error: unknown,
  ns?: string,
  t: Translate = translate,
): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body?.errors) return null;
  const entries = Object.entries(error.body.errors);
  if (entries.length === 0) return null;
  const details = error.body.details ?? {};
  // A text that is too long is told how long it may be, where the answer says it.
  const message = (field: string, key: string) => {
    const maximum = details[field]?.maximum;
    if (key === ERROR_KEYS.tooLong && maximum !== undefined) return t('ui:text_limit.too_long', { max: maximum });
    return translateKey(key, ns, t, 'common:errors.invalid');
  };
  return Object.fromEntries(entries.map(([field, keys]) => [field, keys.map((key) => message(field, key)).join(' ')]));
}

function translateKey(key: string, ns: string | undefined, t: Translate, fallback: string): string {
  const keys = [...(ns ? [`${ns}:errors.${key}`] : []), `common:errors.${key}`];
  return t(keys, { defaultValue: t(fallback) });
}

export function useErrorMessage(ns?: string) {
  const { t } = useTranslation('common');
  return (error: unknown): string => errorMessage(error, ns, t as Translate);
}

export function useFieldErrors(ns?: string) {
  const { t } = useTranslation('common');
  return (error: unknown): Record<string, string> => fieldErrorMessages(error, ns, t as Translate) ?? {};
}
