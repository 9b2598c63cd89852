export { notificationRoutes } from './routes.ts';
export { createNotificationsService, type NotificationsService, type NotifyInput } from './service.ts';
