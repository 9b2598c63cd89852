import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@agora/contracts';
import { AuthLayout } from '../../../ui/auth-layout.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useErrorMessage, useFieldErrors } from '../../../ui/use-error-message.ts';
import { useResetPassword } from '../api.ts';

export function PasswordEditPage() {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation('common');
  const errorMessage = useErrorMessage();
  const fieldErrors = useFieldErrors();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token');
  // The welcome mail's link (`first=1`): the member chooses a first password, not a new one.
  const first = params.get('first') === '1';
  const title = t(first ? 'password_edit.first_title' : 'password_edit.title');
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [local, setLocal] = useState<{ password?: string; password_confirmation?: string }>({});

  if (!token) {
    return (
      <AuthLayout title={title}>
        <FormAlert kind="error">{t('password_edit.missing_token')}</FormAlert>
        <Anchor component={Link} to="/users/password/new" size="sm" ta="center">
          {t('password_edit.request_new')}
        </Anchor>
      </AuthLayout>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      password: !password
        ? tc('errors.required')
        : password.length < PASSWORD_MIN_LENGTH
          ? tc('errors.too_short')
          : undefined,
      password_confirmation: confirmation !== password ? tc('errors.confirmation_mismatch') : undefined,
    };
    setLocal(errors);
    if (errors.password || errors.password_confirmation) return;
    reset.mutate({ reset_password_token: token, password, password_confirmation: confirmation });
  };
  const server = fieldErrors(reset.error);

  if (reset.isSuccess) {
    return (
      <AuthLayout title={title}>
        <FormAlert kind="success">{t('password_edit.done')}</FormAlert>
        <Button component={Link} to="/users/sign_in">
          {t('password_new.back')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {reset.isError && (
            <FormAlert kind="error">{server.reset_password_token ?? errorMessage(reset.error)}</FormAlert>
          )}
          <PasswordInput
            label={t(first ? 'password_edit.first_password' : 'password_edit.password')}
            description={t('password_edit.password_hint', { count: PASSWORD_MIN_LENGTH })}
            name="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={local.password ?? server.password}
          />
          <PasswordInput
            label={t('password_edit.password_confirmation')}
            name="password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={local.password_confirmation ?? server.password_confirmation}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('password_edit.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
