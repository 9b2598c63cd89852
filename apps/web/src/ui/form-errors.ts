import { useCallback, useState, type ReactNode } from 'react';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';
import { showToast } from './toast.tsx';
import { errorMessage, fieldErrorMessages } from './use-error-message.ts';

export type FormErrors = Record<string, string>;

export type FormErrorOptions = {
  /** The field labels the form shows, to name the failed fields in the toast. */
  labels?: Record<string, string>;
  /** A feature namespace whose errors.{key} are asked before common's. */
  ns?: string;
  /** A form library's setter (Mantine's useForm setErrors), to mark the fields there too. */
  form?: { setErrors: (errors: Record<string, ReactNode>) => void };
};

/** The field named in the toast: its label, else the field name made readable. */
function fieldName(field: string, labels: Record<string, string> | undefined): string {
  if (labels?.[field]) return labels[field];
  const last = field.split('.').pop() ?? field;
  const words = last.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * After a failed save (specs: "each failed field is highlighted and shown in an error toast, with
 * a generic error as fallback"): a 422 gives each field its translated message, returned (and
 * passed to options.form), and one toast lists the fields; errors on the whole record ("base")
 * are written out in that toast. Any other failure gives one toast with its message.
 */
export function showFormErrors(error: unknown, options: FormErrorOptions = {}): FormErrors {
  const errors = fieldErrorMessages(error, options.ns);
  if (!errors) {
    if (error instanceof ApiError && error.status !== 422 && error.body?.error) {
      showToast(errorMessage(error, options.ns), { kind: 'error' });
    } else if (error instanceof TypeError) {
      showToast(errorMessage(error), { kind: 'error' });
    } else {
      showToast('generic_error', { kind: 'error' });
    }
    return {};
  }
  const { base, ...fields } = errors;
  options.form?.setErrors(fields);
  const names = Object.keys(fields).map((field) => fieldName(field, options.labels));
  const text = [names.length > 0 ? i18n.t('ui:form_errors.check_fields', { fields: names.join(', ') }) : '', base]
    .filter(Boolean)
    .join(' ');
  showToast(text, { kind: 'error' });
  return fields;
}

/**
 * The field errors of a form with plain controlled inputs: `errors.title` goes to the input's
 * error prop; `handle(error)` from a mutation's onError marks the fields and shows the toast.
 */
export function useFormErrors(options: FormErrorOptions = {}) {
  const [errors, setErrors] = useState<FormErrors>({});
  const { labels, ns, form } = options;
  const handle = useCallback(
    (error: unknown) => setErrors(showFormErrors(error, { labels, ns, form })),
    [labels, ns, form],
  );
  const clear = useCallback((field?: string) => {
    setErrors((current) => {
      if (field === undefined) return {};
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);
  return { errors, setErrors, handle, clear };
}
