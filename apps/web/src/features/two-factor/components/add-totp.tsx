import { Code, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AddedFactor } from '@agora/contracts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { newTotpQuery, useAddFactor } from '../api.ts';
import { CodeForm } from './code-form.tsx';

/** Adding an authenticator app: its QR code and key, then a code from it. */
export function AddTotp({ onAdded }: { onAdded: (result: AddedFactor) => void }) {
  const { t } = useTranslation('two-factor');
  const secret = useQuery(newTotpQuery);
  const add = useAddFactor();
  if (secret.isPending) return <LoadingRow />;
  if (secret.isError) return <ErrorRow error={secret.error} onRetry={() => void secret.refetch()} />;
  const { qr_svg: svg, secret_key: key } = secret.data;
  return (
    <Stack gap="md">
      <Text>{t('add_totp.scan')}</Text>
      <Image
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={t('add_totp.qr_alt')}
        w={200}
        h={200}
      />
      <Text size="sm">{t('add_totp.or_key')}</Text>
      <Code data-testid="secret-key" fz="md">
        {key}
      </Code>
      <CodeForm
        submitLabel={t('add_totp.submit')}
        pending={add.isPending}
        error={add.error}
        onSubmit={(code) => add.mutate({ type: 'totp', code, secret_key: key }, { onSuccess: onAdded })}
      />
    </Stack>
  );
}
