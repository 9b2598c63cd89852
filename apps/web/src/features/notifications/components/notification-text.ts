import type { TFunction } from 'i18next';
import type { Notification } from '@agora/contracts';

/** The notification in the reader's language where its type is known, else the stored text. */
export function notificationText(t: TFunction, notification: Notification): string {
  const key = `notifications:types.${notification.type}`;
  const values = { actor: notification.actor?.displayName ?? '', subject: notification.subject.title };
  return t(key, { ...values, defaultValue: notification.text || notification.subject.title });
}
