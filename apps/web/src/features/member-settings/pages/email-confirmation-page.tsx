import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../ui/auth-layout.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { useConfirmEmail } from '../api.ts';

/**
 * `/users/confirmation?confirmation_token=`: the link mailed to a new address. Confirming takes a
 * click, so that a mail scanner opening the link does not confirm it in the member's stead.
 */
export function EmailConfirmationPage() {
  const { t } = useTranslation('member-settings');
  const [params] = useSearchParams();
  const token = params.get('confirmation_token');
  const confirm = useConfirmEmail();
  const title = t('confirmation.title');

  if (!token || confirm.isError) {
    return (
      <AuthLayout title={title}>
        <FormAlert kind="error">{t('confirmation.invalid')}</FormAlert>
        <Button component={Link} to="/users/edit" variant="default">
          {t('confirmation.to_account')}
        </Button>
      </AuthLayout>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthLayout title={title}>
        <FormAlert kind="success">{t('confirmation.done', { email: confirm.data.email })}</FormAlert>
        <Button component={Link} to="/users/edit">
          {t('confirmation.to_account')}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={title}>
      <Text size="sm">{t('confirmation.text')}</Text>
      <Button loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {t('confirmation.confirm')}
      </Button>
    </AuthLayout>
  );
}
