import { Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unreadsQuery } from '../../../app/unreads.ts';
import { NotificationItem, notificationsQuery, useOpenNotification } from '../../notifications/index.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { HomeSection } from './home-section.tsx';

/** How many of the newest notifications the start page lists. */
const SHOWN = 4;

/** The newest notifications (unread ones marked) and how many are unread; one opens what it is about. */
export function LatestNotifications() {
  const { t, i18n } = useTranslation('home');
  const list = useQuery(notificationsQuery(i18n.language, 1, SHOWN));
  const unread = useQuery(unreadsQuery).data?.Notifications ?? list.data?.unread ?? 0;
  const open = useOpenNotification();
  const notifications = list.data?.notifications ?? [];

  return (
    <HomeSection
      name="notifications"
      icon={IconBell}
      title={t('notifications.title')}
      count={unread}
      more={{ to: '/notifications', label: t('notifications.all') }}
      state={list}
    >
      {notifications.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconBell />}
          title={t('notifications.empty_title')}
          text={t('notifications.empty_text')}
        />
      ) : (
        <Stack gap={2}>
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={open} />
          ))}
        </Stack>
      )}
    </HomeSection>
  );
}
