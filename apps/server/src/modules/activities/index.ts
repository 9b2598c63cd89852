export { activityRoutes } from './routes.ts';
export { createActivitiesService, type ActivitiesService } from './service.ts';
export { ACTIVITY_EVENTS, ACTIVITY_OWNER, ACTIVITY_REPLY_OWNER } from './events.ts';
export type { ModulePost } from './posting.ts';
