import type { Notification } from '@agora/contracts';
import type { NotificationRow } from './repository.ts';

export type NotificationActor = NonNullable<Notification['actor']>;

/** A stored notification as the member sees it; `actor` is null when none or no longer a member. */
export function presentNotification(row: NotificationRow, actor: NotificationActor | null): Notification {
  return {
    id: row.id,
    type: row.type,
    actor,
    subject: { type: row.subjectType, id: row.subjectId, title: row.subjectTitle, path: row.subjectPath },
    text: row.text,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
