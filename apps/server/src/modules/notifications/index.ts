export { notificationRoutes } from './routes.ts';
export {
  createNotificationsService,
  type NotificationsCreatedListener,
  type NotificationsService,
  type NotifyContext,
  type NotifyInput,
} from './service.ts';
