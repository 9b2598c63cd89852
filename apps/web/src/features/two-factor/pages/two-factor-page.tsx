import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthenticationFactor, AuthenticationFactorType } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { factorsQuery, useDeleteFactor, useResetBackupCodes, useSendEmailCode } from '../api.ts';
import { AddEmail } from '../components/add-email.tsx';
import { AddTotp } from '../components/add-totp.tsx';
import { BackupCodesPanel } from '../components/backup-codes.tsx';
import { CodeForm } from '../components/code-form.tsx';

/** What the screen shows: the list, adding a factor, a change that asks for a code, or new backup codes. */
type View =
  | { name: 'index' }
  | { name: 'add_totp' }
  | { name: 'add_email' }
  | { name: 'delete'; factor: AuthenticationFactor }
  | { name: 'reset_backup_codes'; factor: AuthenticationFactor }
  | { name: 'backup_codes'; codes: string[] };

/** `/users/two_factor_authentication`: the member's second factors. */
export function TwoFactorPage() {
  const { t } = useTranslation('two-factor');
  usePageTitle(t('title'));
  const [view, setView] = useState<View>({ name: 'index' });
  const back = () => setView({ name: 'index' });

  return (
    <PageContainer size="sm">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Paper withBorder radius="md" p="lg">
          {view.name === 'index' && <FactorList onView={setView} />}
          {view.name === 'add_totp' && (
            <Section title={t('add_totp.title')} onBack={back}>
              <AddTotp onAdded={(result) => setView({ name: 'backup_codes', codes: result.backup_codes })} />
            </Section>
          )}
          {view.name === 'add_email' && (
            <Section title={t('add_email.title')} onBack={back}>
              <AddEmail onAdded={(result) => setView({ name: 'backup_codes', codes: result.backup_codes })} />
            </Section>
          )}
          {view.name === 'delete' && <DeleteFactor factor={view.factor} onDone={back} />}
          {view.name === 'reset_backup_codes' && (
            <ResetBackupCodes
              factor={view.factor}
              onBack={back}
              onDone={(codes) => setView({ name: 'backup_codes', codes })}
            />
          )}
          {view.name === 'backup_codes' && (
            <Section title={t('backup_codes.title')}>
              <BackupCodesPanel codes={view.codes}>
                <Button onClick={back}>{t('backup_codes.done')}</Button>
              </BackupCodesPanel>
            </Section>
          )}
        </Paper>
      </Stack>
    </PageContainer>
  );
}

function Section({ title, onBack, children }: { title: string; onBack?: () => void; children: React.ReactNode }) {
  const { t } = useTranslation('two-factor');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {onBack && (
          <Anchor component="button" type="button" onClick={onBack}>
            {t('back')}
          </Anchor>
        )}
      </Group>
      {children}
    </Stack>
  );
}

function FactorList({ onView }: { onView: (view: View) => void }) {
  const { t } = useTranslation('two-factor');
  const factors = useQuery(factorsQuery);
  if (factors.isPending) return <LoadingRow />;
  if (factors.isError) return <ErrorRow error={factors.error} onRetry={() => void factors.refetch()} />;
  const { factors: list, available_types: available, backup_codes_left: left } = factors.data;
  const addView = (type: AuthenticationFactorType): View => ({ name: type === 'totp' ? 'add_totp' : 'add_email' });
  return (
    <Stack gap="md">
      <Text>{t('intro')}</Text>
      {list.length === 0 ? (
        <Text c="dimmed">{t(available.length === 0 ? 'index.unavailable' : 'index.empty')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('index.type')}</Table.Th>
              <Table.Th>{t('index.last_used_at')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((factor) => (
              <Table.Tr key={factor.id}>
                <Table.Td>{t(`types.${factor.type}`)}</Table.Td>
                <Table.Td>{factor.last_used_at ? formatDateTime(factor.last_used_at) : t('index.never')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="default" onClick={() => onView({ name: 'reset_backup_codes', factor })}>
                      {t('reset_backup_codes.action')}
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => onView({ name: 'delete', factor })}>
                      {t(factor.type === 'totp' ? 'delete_totp.action' : 'delete_email.action')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.length > 0 && <Text size="sm">{t('index.backup_codes_left', { count: left })}</Text>}
      {available.length > 0 && (
        <Group>
          {available.map((type) => (
            <Button key={type} onClick={() => onView(addView(type))}>
              {t(`add.${type}`)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** An e-mail factor's change is confirmed with a mailed code: it is sent on request. */
function MailCodeButton({ factor }: { factor: AuthenticationFactor }) {
  const { t } = useTranslation('two-factor');
  const send = useSendEmailCode();
  if (factor.type !== 'email') return null;
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" loading={send.isPending} onClick={() => send.mutate()}>
        {send.isSuccess ? t('add_email.send_again') : t('add_email.send')}
      </Button>
      {send.isSuccess && <Text size="sm">{t('add_email.sent')}</Text>}
    </Group>
  );
}

function DeleteFactor({ factor, onDone }: { factor: AuthenticationFactor; onDone: () => void }) {
  const { t } = useTranslation('two-factor');
  const remove = useDeleteFactor();
  const key = factor.type === 'totp' ? 'delete_totp' : 'delete_email';
  return (
    <Section title={t(`${key}.title`)} onBack={onDone}>
      <Text>{t(`${key}.intro`)}</Text>
      <MailCodeButton factor={factor} />
      <CodeForm
        submitLabel={t(`${key}.submit`)}
        pending={remove.isPending}
        error={remove.error}
        onSubmit={(code) =>
          remove.mutate(
            { id: factor.id, code },
            {
              onSuccess: () => {
                showToast('two-factor:removed', { kind: 'success' });
                onDone();
              },
            },
          )
        }
      />
    </Section>
  );
}

function ResetBackupCodes({
  factor,
  onBack,
  onDone,
}: {
  factor: AuthenticationFactor;
  onBack: () => void;
  onDone: (codes: string[]) => void;
}) {
  const { t } = useTranslation('two-factor');
  const reset = useResetBackupCodes();
  return (
    <Section title={t('reset_backup_codes.title')} onBack={onBack}>
      <Text>{t('reset_backup_codes.intro')}</Text>
      <MailCodeButton factor={factor} />
      <CodeForm
        submitLabel={t('reset_backup_codes.submit')}
        pending={reset.isPending}
        error={reset.error}
        onSubmit={(code) =>
          reset.mutate({ id: factor.id, code }, { onSuccess: (result) => onDone(result.backup_codes) })
        }
      />
    </Section>
  );
}
