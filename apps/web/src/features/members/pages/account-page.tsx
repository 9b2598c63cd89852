import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { authenticationTokenQuery, useAuthenticationToken } from '../../calendars/index.ts';
import { EmailSection, PasswordSection } from '../../member-settings/index.ts';

/** `/users/edit`, the member's account: its address, its password and the token of their calendar subscriptions. */
export function AccountPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('account.title'));
  return (
    <PageContainer size="sm">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('account.title')}
        </Title>
        <EmailSection />
        <PasswordSection />
        <CalendarTokenSection />
      </Stack>
    </PageContainer>
  );
}

function CalendarTokenSection() {
  const { t } = useTranslation('members');
  const token = useQuery(authenticationTokenQuery);
  const { renew, remove } = useAuthenticationToken();
  const exists = !!token.data?.authentication_token;

  const makeToken = async () => {
    // A new token ends the old one: every calendar program subscribed with it stops updating.
    if (exists) {
      const ok = await confirm({
        title: t('account.token.renew_title'),
        message: t('account.token.renew_confirm'),
        confirmLabel: t('account.token.renew'),
        danger: true,
      });
      if (!ok) return;
    }
    renew.mutate(undefined, {
      onSuccess: () =>
        showToast(exists ? 'members:account.token.renewed' : 'members:account.token.created', { kind: 'success' }),
      onError: () => showToast('saving_failure'),
    });
  };
  const removeToken = async () => {
    const ok = await confirm({
      title: t('account.token.remove_title'),
      message: t('account.token.remove_confirm'),
      confirmLabel: t('account.token.remove'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => showToast('members:account.token.removed', { kind: 'success' }),
      onError: () => showToast('deleting_failure'),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="calendar-token-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="calendar-token-title">
            {t('account.token.title')}
          </Title>
          {token.data && (
            <Badge color={exists ? 'green' : 'gray'} variant="dot">
              {exists ? t('account.token.active') : t('account.token.none')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('account.token.description')}</Text>
        {token.isPending && <LoadingRow />}
        {token.isError && <ErrorRow error={token.error} onRetry={() => void token.refetch()} />}
        {token.data && (
          <>
            <Text size="sm" c="dimmed">
              {exists ? t('account.token.exists') : t('account.token.missing')}
            </Text>
            <Group gap="sm">
              <Button
                leftSection={exists ? <IconRefresh size={16} aria-hidden /> : <IconKey size={16} aria-hidden />}
                loading={renew.isPending}
                disabled={remove.isPending}
                onClick={() => void makeToken()}
              >
                {exists ? t('account.token.renew') : t('account.token.create')}
              </Button>
              {exists && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={remove.isPending}
                  disabled={renew.isPending}
                  onClick={() => void removeToken()}
                >
                  {t('account.token.remove')}
                </Button>
              )}
            </Group>
            {exists && (
              <Anchor component={Link} to="/calendars/subscribe" size="sm">
                {t('account.token.to_subscribe')}
              </Anchor>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
