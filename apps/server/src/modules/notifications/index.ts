export { notificationRoutes } from './routes.ts';
export {
  createNotificationsService,
  type NotificationsService,
  type NotifyContext,
  type NotifyInput,
} from './service.ts';
