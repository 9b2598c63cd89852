// The member room's events and the notifications' page size without their schemas: the web
// app's shell listens and pages with them, and a file that defines no schema keeps zod out of
// the shell's first download.

export const NOTIFICATIONS_PAGE_LIMIT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;

/**
 * Socket.IO events in room `member:{id}`. Payloads: `notification:created` a Notification,
 * `notifications:read` a NotificationsReadEvent, `unreads:changed` an UnreadsChangedEvent.
 */
export const REALTIME_EVENTS = {
  notificationCreated: 'notification:created',
  notificationsRead: 'notifications:read',
  unreadsChanged: 'unreads:changed',
} as const;
