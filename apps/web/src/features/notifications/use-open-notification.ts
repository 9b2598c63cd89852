import { useNavigate } from 'react-router';
import type { Notification } from '@agora/contracts';
import { useMarkNotificationRead } from './api.ts';

/** Opening a notification marks it read and goes to what it is about. */
export function useOpenNotification(after?: () => void) {
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  return (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    after?.();
    if (notification.subject.path) void navigate(notification.subject.path);
  };
}
