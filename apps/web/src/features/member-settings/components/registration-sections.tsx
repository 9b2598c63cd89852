import { Badge, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@agora/contracts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { FormCard, SubmitForm } from '../../../ui/form-card.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { registrationQuery, useUpdateRegistration } from '../api.ts';

/** The account's address: a new one is used once the link mailed to it is opened. */
export function EmailSection() {
  const { t } = useTranslation('member-settings');
  const registration = useQuery(registrationQuery);
  const update = useUpdateRegistration();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const labels = { email: t('registration.new_email'), current_password: t('registration.current_password') };
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'member-settings' });

  const submit = () => {
    clear();
    update.mutate(
      { email: email.trim(), current_password: password },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
          showToast('member-settings:registration.confirmation_sent', { kind: 'success' });
        },
        onError: handle,
      },
    );
  };

  return (
    <FormCard title={t('registration.email_title')}>
      {registration.isPending && <LoadingRow />}
      {registration.isError && <ErrorRow error={registration.error} onRetry={() => void registration.refetch()} />}
      {registration.data && (
        <>
          <Text size="sm">{t('registration.current_email', { email: registration.data.email })}</Text>
          {registration.data.unconfirmed_email && (
            <Group gap="xs">
              <Badge color="yellow" variant="light">
                {t('registration.unconfirmed')}
              </Badge>
              <Text size="sm">
                {t('registration.unconfirmed_hint', { email: registration.data.unconfirmed_email })}
              </Text>
            </Group>
          )}
          <SubmitForm onSubmit={submit} submitLabel={t('registration.change_email')} loading={update.isPending}>
            <TextInput
              type="email"
              label={labels.email}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              required
              autoComplete="email"
            />
            <PasswordInput
              label={labels.current_password}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.current_password}
              required
              autoComplete="current-password"
            />
          </SubmitForm>
        </>
      )}
    </FormCard>
  );
}

/** A new password, with the current one; the account's other sessions end. */
export function PasswordSection() {
  const { t } = useTranslation('member-settings');
  const update = useUpdateRegistration();
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const labels = {
    current_password: t('registration.current_password'),
    password: t('registration.new_password'),
    password_confirmation: t('registration.password_confirmation'),
  };
  const { errors, handle, clear } = useFormErrors({ labels, ns: 'member-settings' });
  const set = (key: keyof typeof values) => (e: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [key]: e.currentTarget.value });

  const submit = () => {
    clear();
    update.mutate(values, {
      onSuccess: () => {
        setValues({ current_password: '', password: '', password_confirmation: '' });
        showToast('member-settings:registration.password_changed', { kind: 'success' });
      },
      onError: handle,
    });
  };

  return (
    <FormCard title={t('registration.password_title')}>
      <SubmitForm onSubmit={submit} submitLabel={t('registration.change_password')} loading={update.isPending}>
        <Text size="sm" c="dimmed">
          {t('registration.password_hint', { count: PASSWORD_MIN_LENGTH })}
        </Text>
        <PasswordInput
          label={labels.current_password}
          value={values.current_password}
          onChange={set('current_password')}
          error={errors.current_password}
          required
          autoComplete="current-password"
        />
        <PasswordInput
          label={labels.password}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
          autoComplete="new-password"
        />
        <PasswordInput
          label={labels.password_confirmation}
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
          required
          autoComplete="new-password"
        />
      </SubmitForm>
    </FormCard>
  );
}
