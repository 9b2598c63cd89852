export { groupInviteRoutes } from './routes.ts';
export { createGroupInvitesService, type GroupInvitesService } from './service.ts';
export { GROUP_INVITE_EVENTS } from './events.ts';
