import { Button, Checkbox, Fieldset, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MEMBER_ADMIN_LIMITS,
  MEMBER_ADMIN_PROFILE_FIELDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  profileFieldLabel,
} from '@agora/contracts';
import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { useFormErrors } from '../../../ui/form-errors.ts';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { memberOptionsQuery, useCreateMember } from '../api.ts';
import { ExternalCheckbox, MemberEmailField, MemberNameFields } from '../components/member-fields.tsx';

const NS = 'member-administration';

type Values = {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  send_welcome_mail: boolean;
  is_external: boolean;
  profile: Record<string, string>;
};

const EMPTY: Values = {
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  send_welcome_mail: false,
  is_external: false,
  profile: {},
};

/** `/administration/members/new`: makes a member, with a password or a welcome mail that lets them choose it. */
export function NewMemberPage() {
  const { t, i18n } = useTranslation(NS);
  usePageTitle(t('new.title'));
  const navigate = useNavigate();
  const create = useCreateMember();
  // "External" is offered where the network lets guests in (the server decides anyway).
  const guestsAllowed = useQuery(memberOptionsQuery).data?.guest_users_allowed ?? false;
  const [values, setValues] = useState<Values>(EMPTY);
  const labels = {
    email: t('fields.email'),
    first_name: t('fields.first_name'),
    last_name: t('fields.last_name'),
    password: t('fields.password'),
    is_external: t('fields.is_external'),
  };
  const { errors, handle, clear } = useFormErrors({ labels, ns: NS });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clear(key);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        user: {
          email: values.email,
          first_name: values.first_name,
          last_name: values.last_name,
          password: values.send_welcome_mail ? null : values.password,
          send_welcome_mail: values.send_welcome_mail,
          is_external: values.is_external,
          profile: values.profile,
        },
      },
      {
        onSuccess: (member) => {
          showToast(t('new.created', { name: member.name }));
          void navigate(`/administration/members/${member.id}/edit`);
        },
        onError: handle,
      },
    );
  };

  return (
    <PageContainer size="sm">
      <Stack gap="md">
        <PageToolbar title={t('new.title')} backTo="/administration/members" />
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <MemberEmailField value={values.email} onChange={(email) => set('email', email)} error={errors.email} />
            <MemberNameFields
              firstName={values.first_name}
              lastName={values.last_name}
              onChange={set}
              errors={errors}
            />
            <Checkbox
              label={t('fields.send_welcome_mail')}
              description={t('fields.send_welcome_mail_hint')}
              checked={values.send_welcome_mail}
              onChange={(event) => set('send_welcome_mail', event.currentTarget.checked)}
            />
            {!values.send_welcome_mail && (
              <PasswordInput
                label={t('fields.password')}
                description={t('fields.password_hint', { min: PASSWORD_MIN_LENGTH })}
                autoComplete="new-password"
                required
                maxLength={PASSWORD_MAX_LENGTH}
                value={values.password}
                onChange={(event) => set('password', event.currentTarget.value)}
                error={errors.password}
              />
            )}
            {guestsAllowed && (
              <ExternalCheckbox
                checked={values.is_external}
                onChange={(checked) => set('is_external', checked)}
                error={errors.is_external}
              />
            )}
            <Fieldset legend={t('new.profile')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {MEMBER_ADMIN_PROFILE_FIELDS.map((key) => (
                  <LimitedTextInput
                    key={key}
                    label={profileFieldLabel(key, i18n.language)}
                    maxLength={MEMBER_ADMIN_LIMITS.profileValue}
                    value={values.profile[key] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setValues((current) => ({ ...current, profile: { ...current.profile, [key]: value } }));
                    }}
                    error={errors[`profile.${key}`]}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate('/administration/members')}>
                {t('new.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('new.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </PageContainer>
  );
}
