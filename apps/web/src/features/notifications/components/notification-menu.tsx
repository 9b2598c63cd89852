import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeLabel, REALTIME_EVENTS } from '@agora/contracts';
import { onRealtime } from '../../../app/realtime.ts';
import { unreadsQuery } from '../../../app/unreads.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { notificationsFeedQuery, useMarkAllNotificationsRead } from '../api.ts';
import { useOpenNotification } from '../use-open-notification.ts';
import { NotificationItem } from './notification-item.tsx';

const DROPDOWN_LIMIT = 8;

/** The header's bell: the unread count, and the newest notifications one click away. */
export function NotificationMenu() {
  const { t, i18n } = useTranslation('notifications');
  const [opened, { toggle, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const unreads = useQuery(unreadsQuery);
  const list = useInfiniteQuery({ ...notificationsFeedQuery(i18n.language, DROPDOWN_LIMIT), enabled: opened });
  const notifications = list.data?.pages.flatMap((page) => page.notifications);
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification(close);
  const count = unreads.data?.Notifications ?? 0;
  const badge = badgeLabel(count, t('shell:badge_new'));

  // A pushed notification refreshes the list, also while the dropdown is open.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    const offCreated = onRealtime(REALTIME_EVENTS.notificationCreated, refresh);
    const offRead = onRealtime(REALTIME_EVENTS.notificationsRead, refresh);
    return () => {
      offCreated();
      offRead();
    };
  }, [queryClient]);

  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      // On a phone the dropdown keeps a margin to both edges of the screen.
      width="min(24rem, calc(100vw - 1rem))"
      shadow="md"
    >
      <Indicator label={badge} disabled={!badge} size={18} color="red.9" offset={6} data-testid="notification-badge">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="var(--agora-header-text)"
            onClick={toggle}
            aria-label={count > 0 ? t('bell_unread', { count }) : t('bell')}
            data-testid="notification-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" aria-label={t('title')} role="dialog">
        {/* Title and "mark all as read" share a line where they fit, else the button wraps below: never cut. */}
        <Group justify="space-between" px="xs" pb={4} gap={4} wrap="wrap">
          <Text fw={600}>{t('title')}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={count === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="mark-all-read"
          >
            {t('mark_all_read')}
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah="24rem" type="auto">
          <Stack gap={2} py={4}>
            {list.isPending && <LoadingRow />}
            {list.isError && (
              <ErrorRow error={list.error} message={t('load_error')} onRetry={() => void list.refetch()} />
            )}
            {notifications?.length === 0 && (
              <EmptyState
                size="sm"
                icon={<IconBellOff />}
                title={t('empty')}
                text={t('empty_text')}
                data-testid="notifications-empty"
              />
            )}
            {notifications?.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} />
            ))}
            {list.hasNextPage && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('load_more')}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Anchor component={Link} to="/notifications" onClick={close} size="sm" display="block" ta="center" pt="xs">
          {t('show_all')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
