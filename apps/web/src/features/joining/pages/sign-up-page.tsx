import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '../../../ui/auth-layout.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import type { FormErrors } from '../../../ui/form-errors.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { errorMessage, fieldErrorMessages } from '../../../ui/use-error-message.ts';
import { sessionQuery } from '../../session/index.ts';
import { signUpSettingsQuery, useSignUp } from '../api.ts';
import { AltchaField } from '../components/altcha-field.tsx';
import { JoinForm, type JoinFormValues } from '../components/join-form.tsx';

/** `/users/sign_up`: signing up, where the network lets visitors join (the sign-in page links it then). */
export function SignUpPage() {
  const { t } = useTranslation('joining');
  const navigate = useNavigate();
  const session = useQuery(sessionQuery);
  const settings = useQuery(signUpSettingsQuery);
  const signUp = useSignUp();
  const [altcha, setAltcha] = useState<string | null>(null);
  const [altchaRound, setAltchaRound] = useState(0);
  const [errors, setErrors] = useState<FormErrors>({});

  if (session.isPending || settings.isPending) return <PageLoader />;
  if (session.data && !signUp.isSuccess) return <Navigate to="/" replace />;

  if (signUp.data?.status === 'pending') {
    return (
      <AuthLayout title={t('sign_up.pending_title')}>
        <FormAlert kind="success">{t('sign_up.pending')}</FormAlert>
        <Button component={Link} to="/users/sign_in" variant="default">
          {t('back_to_sign_in')}
        </Button>
      </AuthLayout>
    );
  }

  if (settings.isError || !settings.data.allowed) {
    return (
      <AuthLayout title={t('sign_up.title')}>
        <FormAlert kind="error">{settings.isError ? errorMessage(settings.error) : t('sign_up.not_allowed')}</FormAlert>
        <Anchor component={Link} to="/users/sign_in" size="sm" ta="center">
          {t('back_to_sign_in')}
        </Anchor>
      </AuthLayout>
    );
  }

  const { data } = settings;
  const submit = (values: JoinFormValues) => {
    signUp.mutate(
      { ...values, ...(data.altcha ? { altcha: altcha ?? '' } : {}) },
      {
        onSuccess: (result) => {
          if (result.status === 'member') void navigate(result.redirect_to, { replace: true });
        },
        onError: (error) => {
          setErrors(fieldErrorMessages(error, 'joining') ?? {});
          // A challenge counts once, also when the form was refused: a new one is solved.
          if (data.altcha) setAltchaRound((round) => round + 1);
        },
      },
    );
  };
  const generalError = signUp.isError && !fieldErrorMessages(signUp.error, 'joining');

  return (
    <AuthLayout
      title={t('sign_up.title')}
      intro={t(data.moderated ? 'sign_up.intro_moderated' : 'sign_up.intro', { network: data.network_name })}
    >
      {generalError && <FormAlert kind="error">{errorMessage(signUp.error, 'joining')}</FormAlert>}
      {data.as_external && (
        <Text size="sm" c="dimmed">
          {t('sign_up.as_external')}
        </Text>
      )}
      <JoinForm
        email={{ editable: true }}
        profileFields={data.profile_fields}
        submitLabel={t('sign_up.submit')}
        pending={signUp.isPending}
        errors={errors}
        onChange={(field) =>
          setErrors((current) => {
            const { [field]: _removed, ...rest } = current;
            return rest;
          })
        }
        ready={!data.altcha || altcha !== null}
        beforeSubmit={data.altcha && <AltchaField onChange={setAltcha} resetKey={altchaRound} error={errors.altcha} />}
        onSubmit={submit}
      />
      <Anchor component={Link} to="/users/sign_in" size="sm" ta="center">
        {t('sign_up.have_account')}
      </Anchor>
    </AuthLayout>
  );
}
