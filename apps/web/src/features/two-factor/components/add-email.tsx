import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AddedFactor } from '@agora/contracts';
import { useAddFactor, useSendEmailCode } from '../api.ts';
import { CodeForm, codeErrorMessage } from './code-form.tsx';

/** Adding codes by e-mail: a code is mailed, then typed in. */
export function AddEmail({ onAdded }: { onAdded: (result: AddedFactor) => void }) {
  const { t } = useTranslation('two-factor');
  const send = useSendEmailCode();
  const add = useAddFactor();
  return (
    <Stack gap="md">
      <Text>{t('add_email.intro')}</Text>
      <Button variant={send.isSuccess ? 'default' : 'filled'} loading={send.isPending} onClick={() => send.mutate()}>
        {send.isSuccess ? t('add_email.send_again') : t('add_email.send')}
      </Button>
      {send.isSuccess && <Text size="sm">{t('add_email.sent')}</Text>}
      {(send.isSuccess || add.isError) && (
        <CodeForm
          submitLabel={t('add_email.submit')}
          pending={add.isPending}
          error={add.error}
          onSubmit={(code) => add.mutate({ type: 'email', code }, { onSuccess: onAdded })}
        />
      )}
      {send.isError && (
        <Alert color="red" variant="light" role="alert">
          {codeErrorMessage(send.error)}
        </Alert>
      )}
    </Stack>
  );
}
