export { groupInviteRoutes } from './routes.ts';
export { createGroupInvitesService, type GroupInvitesService } from './service.ts';
export { GROUP_INVITE_EVENTS } from './events.ts';
export type { BatchPartner } from './sent.ts';
