import type { Locale, Notification } from '@agora/contracts';
import { hasMessage, translator } from '../../platform/i18n/index.ts';
import type { NotificationRow } from './repository.ts';

export type NotificationActor = NonNullable<Notification['actor']>;

/**
 * What the notification says, in the reader's language: the message of its type
 * (`notifications:types.{type}`) filled with the actor's name, the subject's title and its
 * params; the stored text for a type without a message.
 */
export function notificationText(row: NotificationRow, actor: NotificationActor | null, locale: Locale): string {
  const key = `notifications:types.${row.type}`;
  if (!hasMessage(locale, key)) return row.text || row.subjectTitle;
  const t = translator(locale);
  // Through `replace`, so that no param is taken for one of i18next's own options.
  return t(key, {
    replace: { ...row.params, actor: actor?.displayName ?? t('notifications:someone'), subject: row.subjectTitle },
  });
}

/**
 * A stored notification as the member sees it, in their language; `actor` is null when none or
 * no longer a member.
 */
export function presentNotification(
  row: NotificationRow,
  actor: NotificationActor | null,
  locale: Locale,
): Notification {
  return {
    id: row.id,
    type: row.type,
    actor,
    subject: { type: row.subjectType, id: row.subjectId, title: row.subjectTitle, path: row.subjectPath },
    text: notificationText(row, actor, locale),
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
