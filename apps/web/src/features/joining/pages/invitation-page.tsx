import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../ui/auth-layout.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import type { FormErrors } from '../../../ui/form-errors.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { errorMessage, fieldErrorMessages, missingReason } from '../../../ui/use-error-message.ts';
import { sessionQuery } from '../../session/index.ts';
import { invitationQuery, useAcceptInvitation } from '../api.ts';
import { JoinForm } from '../components/join-form.tsx';

/** `/invitations/{token}`: the page an invitation mail links to; joining signs the member in. */
export function InvitationPage() {
  const { t } = useTranslation('joining');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useQuery(sessionQuery);
  const invitation = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation(token);
  const [errors, setErrors] = useState<FormErrors>({});

  if (accept.isSuccess) return <PageLoader />;
  if (session.isPending || invitation.isPending) return <PageLoader />;

  if (session.data) {
    return (
      <AuthLayout title={t('invitation.title')}>
        <Alert color="blue" variant="light">
          {t('invitation.signed_in')}
        </Alert>
        <Button component={Link} to="/" variant="default">
          {t('invitation.to_start_page')}
        </Button>
      </AuthLayout>
    );
  }

  if (invitation.isError) {
    const gone = missingReason(invitation.error) === 'not_found';
    return (
      <AuthLayout title={t('invitation.title')}>
        <FormAlert kind="error">{gone ? t('invitation.not_found') : errorMessage(invitation.error)}</FormAlert>
        <Anchor component={Link} to="/users/sign_in" size="sm" ta="center">
          {t('back_to_sign_in')}
        </Anchor>
      </AuthLayout>
    );
  }

  const { data } = invitation;
  const generalError = accept.isError && !fieldErrorMessages(accept.error, 'joining');

  return (
    <AuthLayout title={t('invitation.title')} intro={t('invitation.intro', { network: data.network_name })}>
      {data.groups.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('invitation.groups', { count: data.groups.length })}</Text>
          <List size="sm" withPadding>
            {data.groups.map((group) => (
              <List.Item key={group.id}>{group.name}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {data.user_type === 'external' && (
        <Text size="sm" c="dimmed">
          {t('invitation.as_external')}
        </Text>
      )}
      {data.has_account && (
        <Alert color="blue" variant="light">
          {t('invitation.has_account')}
        </Alert>
      )}
      {generalError && <FormAlert kind="error">{errorMessage(accept.error, 'joining')}</FormAlert>}
      <JoinForm
        email={{ editable: false, value: data.email }}
        initial={{ first_name: data.first_name, last_name: data.last_name }}
        existingAccount={data.has_account}
        profileFields={data.profile_fields}
        submitLabel={t('invitation.submit')}
        pending={accept.isPending}
        errors={errors}
        onChange={(field) =>
          setErrors((current) => {
            const { [field]: _removed, ...rest } = current;
            return rest;
          })
        }
        onSubmit={({ first_name, last_name, password, password_confirmation, profile }) =>
          accept.mutate(
            { first_name, last_name, password, password_confirmation, profile },
            {
              onSuccess: (result) => {
                if (result.status === 'member') void navigate(result.redirect_to, { replace: true });
              },
              onError: (error) => setErrors(fieldErrorMessages(error, 'joining') ?? {}),
            },
          )
        }
      />
    </AuthLayout>
  );
}
