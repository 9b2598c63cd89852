import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PASSWORD_MIN_LENGTH,
  profileFieldLabel,
  TEXT_LIMITS,
  type JoinProfileField,
  type JoinProfileValues,
} from '@agora/contracts';
import type { FormErrors } from '../../../ui/form-errors.ts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

/** Error texts a shade darker than the default red: readable on white (contrast). */
const ERROR_PROPS = { c: 'red.8' };

export type JoinFormValues = {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  profile: JoinProfileValues;
};

export type JoinFormProps = {
  /** Signing up asks for the address; an invitation shows the invited one, not editable. */
  email: { editable: true } | { editable: false; value: string };
  initial?: { first_name?: string; last_name?: string };
  /** The address has an account already: its password is asked once, no new one. */
  existingAccount?: boolean;
  profileFields: JoinProfileField[];
  submitLabel: string;
  pending: boolean;
  /** The server's field errors (422), shown on the fields. */
  errors: FormErrors;
  /** Shown above the submit button (the proof of work of the sign-up page). */
  beforeSubmit?: ReactNode;
  /** Whether the form may be sent yet (the proof of work solved, say). */
  ready?: boolean;
  onChange?: (field: string) => void;
  onSubmit: (values: JoinFormValues) => void;
};

/** Names, the password twice and the profile fields asked: the form of both ways of joining. */
export function JoinForm(props: JoinFormProps) {
  const { t, i18n } = useTranslation('joining');
  const { t: tc } = useTranslation('common');
  const [values, setValues] = useState<JoinFormValues>({
    email: props.email.editable ? '' : props.email.value,
    first_name: props.initial?.first_name ?? '',
    last_name: props.initial?.last_name ?? '',
    password: '',
    password_confirmation: '',
    profile: {},
  });
  const [local, setLocal] = useState<FormErrors>({});

  const set = (field: Exclude<keyof JoinFormValues, 'profile'>) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setLocal(({ [field]: _removed, ...rest }) => rest);
    props.onChange?.(field);
  };
  const setProfile = (field: JoinProfileField, value: string) => {
    setValues((current) => ({ ...current, profile: { ...current.profile, [field]: value } }));
    props.onChange?.(`profile.${field}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FormErrors = {};
    if (props.email.editable && !values.email.trim()) errors.email = tc('errors.required');
    if (!values.first_name.trim()) errors.first_name = tc('errors.required');
    if (!values.last_name.trim()) errors.last_name = tc('errors.required');
    if (!values.password) errors.password = tc('errors.required');
    else if (!props.existingAccount && values.password.length < PASSWORD_MIN_LENGTH) {
      errors.password = tc('errors.too_short');
    }
    if (!props.existingAccount && values.password_confirmation !== values.password) {
      errors.password_confirmation = tc('errors.confirmation_mismatch');
    }
    setLocal(errors);
    if (Object.keys(errors).length > 0) return;
    props.onSubmit(values);
  };

  const error = (field: string) => local[field] ?? props.errors[field];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          required={props.email.editable}
          readOnly={!props.email.editable}
          variant={props.email.editable ? 'default' : 'filled'}
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={error('email')}
          errorProps={ERROR_PROPS}
        />
        <LimitedTextInput
          label={t('form.first_name')}
          name="first_name"
          autoComplete="given-name"
          required
          maxLength={TEXT_LIMITS.line}
          value={values.first_name}
          onChange={(e) => set('first_name')(e.currentTarget.value)}
          error={error('first_name')}
          errorProps={ERROR_PROPS}
        />
        <LimitedTextInput
          label={t('form.last_name')}
          name="last_name"
          autoComplete="family-name"
          required
          maxLength={TEXT_LIMITS.line}
          value={values.last_name}
          onChange={(e) => set('last_name')(e.currentTarget.value)}
          error={error('last_name')}
          errorProps={ERROR_PROPS}
        />
        <PasswordInput
          label={props.existingAccount ? t('form.existing_password') : t('form.password')}
          description={
            props.existingAccount
              ? t('form.existing_password_hint')
              : t('form.password_hint', { count: PASSWORD_MIN_LENGTH })
          }
          name="password"
          autoComplete={props.existingAccount ? 'current-password' : 'new-password'}
          required
          value={values.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          error={error('password')}
          errorProps={ERROR_PROPS}
        />
        {!props.existingAccount && (
          <PasswordInput
            label={t('form.password_confirmation')}
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={values.password_confirmation}
            onChange={(e) => set('password_confirmation')(e.currentTarget.value)}
            error={error('password_confirmation')}
            errorProps={ERROR_PROPS}
          />
        )}
        {props.profileFields.map((field) => (
          <LimitedTextInput
            key={field}
            label={profileFieldLabel(field, i18n.language)}
            name={`profile.${field}`}
            maxLength={TEXT_LIMITS.line}
            value={values.profile[field] ?? ''}
            onChange={(e) => setProfile(field, e.currentTarget.value)}
            error={error(`profile.${field}`)}
            errorProps={ERROR_PROPS}
          />
        ))}
        {props.beforeSubmit}
        <Button type="submit" loading={props.pending} disabled={props.ready === false} fullWidth mt="xs">
          {props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
