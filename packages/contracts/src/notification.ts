import { z } from './zod.ts';
import type { MemberImages } from './member.ts';
import { NOTIFICATIONS_PAGE_LIMIT, NOTIFICATIONS_PAGE_MAX } from './realtime-events.ts';

/**
 * A notification of a member: who did what to which object. `type` names a message of the
 * notifications namespace (`types.{type}`), filled with `actor` and `subject.title`; `text`
 * is shown when the web app knows no message of that type.
 */
export type Notification = {
  id: string;
  type: string;
  actor: { id: string; displayName: string; images: MemberImages; path: string } | null;
  subject: { type: string; id: string | null; title: string; path: string };
  text: string;
  read: boolean;
  created_at: string;
};

export type NotificationPage = {
  notifications: Notification[];
  total: number;
  unread: number;
  limit: number;
  offset: number;
};

/** `GET /api/v1/notifications?limit=&offset=`: newest first. */
export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** Answer of `POST /api/v1/notifications/read` (mark all read). */
export type NotificationsMarkedRead = { marked: number; unread: number };

/**
 * Payload of `notifications:read`: which notifications were marked read (in another tab, say),
 * or `all: true` (with no ids) when all of them were.
 */
export type NotificationsReadEvent = { ids: string[]; all: boolean };
