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

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** A required password input of the registration; the current password is filled in, the others are new. */
function PasswordField({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: (typeof PASSWORD_FIELDS)[number];
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <PasswordInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
      autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
    />
  );
}

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
            <PasswordField
              name="current_password"
              label={labels.current_password}
              value={password}
              error={errors.current_password}
              onChange={setPassword}
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
        {PASSWORD_FIELDS.map((name) => (
          <PasswordField
            key={name}
            name={name}
            label={labels[name]}
            value={values[name]}
            error={errors[name]}
            onChange={(value) => setValues({ ...values, [name]: value })}
          />
        ))}
      </SubmitForm>
    </FormCard>
  );
}
