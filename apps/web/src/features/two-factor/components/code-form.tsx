import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../ui/use-error-message.ts';

/**
 * The message for a failed code: a 400 is the server's own sentence (the code was wrong, in the
 * member's language), anything else a generic error.
 */
export function codeErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    const message = (error.body as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) return message;
  }
  if (error instanceof ApiError && error.status === 422 && error.key === 'unkown_type')
    return errorMessage(error, 'two-factor');
  if (error instanceof ApiError && error.status === 429) return errorMessage(error);
  return errorMessage(new Error('generic'));
}

/** A code field (required, digits only) with its submit button; nothing is sent while it is empty. */
export function CodeForm({
  onSubmit,
  pending,
  error,
  submitLabel,
  children,
}: {
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('two-factor');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = code.replace(/[\s-]/g, '');
  const invalid = trimmed !== '' && !/^\d+$/.test(trimmed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!trimmed || invalid) return;
    onSubmit(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error != null && (
          <Alert color="red" variant="light" role="alert">
            {codeErrorMessage(error)}
          </Alert>
        )}
        {children}
        <TextInput
          label={t('code.label')}
          description={t('code.description')}
          name="code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={(touched && !trimmed && t('common:errors.required')) || (invalid && t('code.numeric'))}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!trimmed}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
