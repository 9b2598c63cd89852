import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../ui/auth-layout.tsx';
import { isLocale } from '../../../i18n/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { useErrorMessage } from '../../../ui/use-error-message.ts';
import { SignUpLink } from '../../joining/index.ts';
import { PublicNavigation } from '../../navigation/index.ts';
import { SignInSecondFactor } from '../../two-factor/index.ts';
import { sessionQuery, signInTextsQuery, useSignIn } from '../api.ts';
import { safeRedirect } from '../redirect.ts';

/** One of the administrators' texts, as they wrote it (plain text with its line breaks); nothing when empty. */
function NetworkText({ text }: { text: string | undefined }) {
  if (!text?.trim()) return null;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {text}
    </Text>
  );
}

export function SignInPage() {
  const { t, i18n } = useTranslation('session');
  const { t: tc } = useTranslation('common');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect_to'));
  const session = useQuery(sessionQuery);
  // The page works without them: a failed load shows the form alone.
  const texts = useQuery(signInTextsQuery).data?.texts;
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});

  if (session.isPending) return <PageLoader />;
  // The password was right; a second factor is still to be given (or set up).
  const secondFactor = session.data?.second_factor;
  if (secondFactor)
    return (
      <AuthLayout title={t('sign_in.title')}>
        <Suspense fallback={<PageLoader />}>
          <SignInSecondFactor step={secondFactor} target={target} />
        </Suspense>
      </AuthLayout>
    );
  if (session.data && !signIn.isSuccess) return <Navigate to={target} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { email: !email.trim(), password: !password };
    setMissing(empty);
    if (empty.email || empty.password) return;
    const shownIn = i18n.language;
    signIn.mutate(
      { email, password },
      {
        onSuccess: (session) => {
          // The session now speaks the member's language (see useSignIn): say so when it changed.
          if (session.locale !== shownIn && isLocale(session.locale)) {
            showToast('session:sign_in.language_applied', {
              kind: 'info',
              values: { language: tc(`languages.${session.locale}`) },
            });
          }
          // With a second factor to give, the page turns into its code step (above).
          if (!session.second_factor) void navigate(target, { replace: true });
        },
      },
    );
  };

  return (
    <AuthLayout
      title={t('sign_in.title')}
      intro={t('sign_in.intro')}
      languageHint={t('sign_in.language_hint')}
      navigation={
        <Suspense fallback={null}>
          <PublicNavigation centered />
        </Suspense>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NetworkText text={texts?.before} />
          {signIn.isError && <FormAlert kind="error">{errorMessage(signIn.error)}</FormAlert>}
          <TextInput
            label={t('sign_in.email')}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={missing.email && tc('errors.required')}
          />
          <NetworkText text={texts?.between} />
          <PasswordInput
            label={t('sign_in.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={missing.password && tc('errors.required')}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
            {t('sign_in.submit')}
          </Button>
          <Anchor component={Link} to="/users/password/new" size="sm" ta="center">
            {t('sign_in.forgot')}
          </Anchor>
          <SignUpLink />
          <NetworkText text={texts?.after} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
