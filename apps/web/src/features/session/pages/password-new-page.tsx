import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../../ui/auth-layout.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useErrorMessage, useFieldErrors } from '../../../ui/use-error-message.ts';
import { useRequestPasswordReset } from '../api.ts';

export function PasswordNewPage() {
  const { t } = useTranslation('session');
  const { t: tc } = useTranslation('common');
  const errorMessage = useErrorMessage();
  const fieldErrors = useFieldErrors();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!email.trim());
    if (email.trim()) request.mutate(email);
  };
  const errors = fieldErrors(request.error);

  return (
    <AuthLayout title={t('password_new.title')} intro={t('password_new.intro')}>
      {request.isSuccess ? (
        <FormAlert kind="success">{t('password_new.sent')}</FormAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {request.isError && !errors.email && <FormAlert kind="error">{errorMessage(request.error)}</FormAlert>}
            <TextInput
              label={t('password_new.email')}
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={(missing && tc('errors.required')) || errors.email}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('password_new.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/users/sign_in" size="sm" ta="center">
        {t('password_new.back')}
      </Anchor>
    </AuthLayout>
  );
}
