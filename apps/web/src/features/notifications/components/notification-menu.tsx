import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeLabel, REALTIME_EVENTS } from '@agora/contracts';
import { onRealtime } from '../../../app/realtime.ts';
import { unreadsQuery } from '../../../app/unreads.ts';
import { OpenOnUse } from '../../../ui/open-on-use.tsx';

const loadPopover = () => import('./notification-popover.tsx');
const NotificationPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationPopover })));

/**
 * The header's bell: the unread count, and the newest notifications one click away (their
 * dropdown loads on the first click).
 */
export function NotificationMenu() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const unreads = useQuery(unreadsQuery);
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

  const trigger = (
    <ActionIcon
      variant="subtle"
      size="lg"
      color="var(--agora-header-text)"
      aria-label={count > 0 ? t('bell_unread', { count }) : t('bell')}
      data-testid="notification-bell"
    >
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
  return (
    <Indicator label={badge} disabled={!badge} size={18} color="red.9" offset={6} data-testid="notification-badge">
      <OpenOnUse trigger={trigger} preload={loadPopover}>
        <NotificationPopover count={count} trigger={trigger} />
      </OpenOnUse>
    </Indicator>
  );
}
