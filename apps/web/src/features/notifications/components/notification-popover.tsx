import { Anchor, Button, Divider, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cloneElement, type ReactElement, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOpenOnMount } from '../../../ui/open-on-use.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { notificationsFeedQuery, useMarkAllNotificationsRead } from '../api.ts';
import { useOpenNotification } from '../use-open-notification.ts';
import { NotificationItem } from './notification-item.tsx';

const DROPDOWN_LIMIT = 8;

/** The bell's dropdown with the newest notifications, loaded by the first click on the bell. */
export function NotificationPopover({
  count,
  trigger,
}: {
  count: number;
  trigger: ReactElement<{ ref?: Ref<HTMLButtonElement>; onClick?: () => void }>;
}) {
  const { t, i18n } = useTranslation('notifications');
  const [opened, setOpened, target] = useOpenOnMount<HTMLButtonElement>();
  const close = () => setOpened(false);
  const list = useInfiniteQuery({ ...notificationsFeedQuery(i18n.language, DROPDOWN_LIMIT), enabled: opened });
  const notifications = list.data?.pages.flatMap((page) => page.notifications);
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification(close);

  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      // On a phone the dropdown keeps a margin to both edges of the screen.
      width="min(24rem, calc(100vw - 1rem))"
      shadow="md"
    >
      <Popover.Target>{cloneElement(trigger, { ref: target, onClick: () => setOpened(!opened) })}</Popover.Target>
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
