import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuthenticationFactorType, SecondFactorStep } from '@agora/contracts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { sessionQuery, useSignOut } from '../../session/index.ts';
import { factorsQuery, usePassSecondFactor, useSendEmailCode } from '../api.ts';
import { AddEmail } from './add-email.tsx';
import { AddTotp } from './add-totp.tsx';
import { BackupCodesPanel } from './backup-codes.tsx';
import { CodeForm } from './code-form.tsx';

/**
 * What signing in asks after the password when a second factor is needed: a code (`verify`), or
 * where the network enforces two-factor and the member has no factor yet, setting one up.
 */
export function SignInSecondFactor({ step, target }: { step: SecondFactorStep; target: string }) {
  const { t } = useTranslation('two-factor');
  const signOut = useSignOut();
  return (
    <Stack gap="md">
      {step === 'verify' ? <CodeStep target={target} /> : <SetupStep target={target} />}
      <Anchor component="button" type="button" size="sm" ta="center" onClick={() => signOut.mutate()}>
        {t('sign_in.cancel')}
      </Anchor>
    </Stack>
  );
}

function CodeStep({ target }: { target: string }) {
  const { t } = useTranslation('two-factor');
  const navigate = useNavigate();
  const pass = usePassSecondFactor();
  const factors = useQuery(factorsQuery);
  const send = useSendEmailCode();
  const types = factors.data?.factors.map((f) => f.type) ?? [];
  const mailOnly = types.includes('email') && !types.includes('totp');
  return (
    <Stack gap="sm">
      <Text>{t(mailOnly ? 'sign_in.intro_email' : 'sign_in.intro_totp')}</Text>
      <CodeForm
        submitLabel={t('sign_in.submit')}
        pending={pass.isPending}
        error={pass.error}
        onSubmit={(code) => pass.mutate(code, { onSuccess: () => void navigate(target, { replace: true }) })}
      />
      <Text size="sm" c="dimmed">
        {t('sign_in.backup_hint')}
      </Text>
      {types.includes('email') && (
        <Group gap="xs">
          <Button variant="subtle" size="xs" loading={send.isPending} onClick={() => send.mutate()}>
            {t('add_email.send_again')}
          </Button>
          {send.isSuccess && <Text size="sm">{t('add_email.sent')}</Text>}
        </Group>
      )}
    </Stack>
  );
}

function SetupStep({ target }: { target: string }) {
  const { t } = useTranslation('two-factor');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const factors = useQuery(factorsQuery);
  const [type, setType] = useState<AuthenticationFactorType | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const proceed = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    void navigate(target, { replace: true });
  };
  if (codes)
    return (
      <BackupCodesPanel codes={codes}>
        <Button onClick={() => void proceed()}>{t('setup.continue')}</Button>
      </BackupCodesPanel>
    );
  if (factors.isPending) return <LoadingRow />;
  if (factors.isError) return <ErrorRow error={factors.error} onRetry={() => void factors.refetch()} />;
  if (type === 'totp') return <AddTotp onAdded={(result) => setCodes(result.backup_codes)} />;
  // The e-mail factor goes straight on, as the spec has it; its backup codes are on the two-factor screen.
  if (type === 'email') return <AddEmail onAdded={() => void proceed()} />;
  return (
    <Stack gap="sm">
      <Text>{t('setup.intro')}</Text>
      <Group>
        {factors.data.available_types.map((available) => (
          <Button key={available} onClick={() => setType(available)}>
            {t(`add.${available}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
