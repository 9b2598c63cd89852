import { useTranslation } from 'react-i18next';
import { ApiError } from '../app/api-client.ts';

/** The translated sentence for a failed call: the server's message key, else a generic one. */
export function useErrorMessage() {
  const { t } = useTranslation('common');
  return (error: unknown): string => {
    if (error instanceof ApiError) return t(`errors.${error.key}`, { defaultValue: t('errors.generic') });
    if (error instanceof TypeError) return t('errors.network_error');
    return t('errors.generic');
  };
}

/** Field errors of a 422 answer, translated, keyed by field. */
export function useFieldErrors() {
  const { t } = useTranslation('common');
  return (error: unknown): Record<string, string> => {
    if (!(error instanceof ApiError) || error.status !== 422 || !error.body?.errors) return {};
    return Object.fromEntries(
      Object.entries(error.body.errors).map(([field, keys]) => [
        field,
        keys.map((k) => t(`errors.${k}`, { defaultValue: t('errors.invalid') })).join(' '),
      ]),
    );
  };
}
