import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NOTIFICATIONS_PAGE_LIMIT } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { notificationsQuery, useMarkAllNotificationsRead } from '../api.ts';
import { NotificationItem } from '../components/notification-item.tsx';
import { useOpenNotification } from '../use-open-notification.ts';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { Pager } from '../../../ui/pager.tsx';

/** All of the member's notifications, newest first, page by page. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(notificationsQuery(i18n.language, page));
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / NOTIFICATIONS_PAGE_LIMIT)) : 1;

  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz="h2">
            {t('title')}
          </Title>
          <Button
            variant="light"
            disabled={!list.data || list.data.unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('mark_all_read')}
          </Button>
        </Group>
        {list.isPending && <LoadingRow />}
        {list.isError && <ErrorRow error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && list.data.total === 0 && (
          <EmptyState icon={<IconBellOff />} title={t('empty')} text={t('empty_text')} />
        )}
        {list.data && list.data.notifications.length > 0 && (
          <Paper withBorder p={4} radius="md">
            <Stack gap={2}>
              {list.data.notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={open} />
              ))}
            </Stack>
          </Paper>
        )}
        <Pager total={pages} page={page} onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })} />
      </Stack>
    </PageContainer>
  );
}
