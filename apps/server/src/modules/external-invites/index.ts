export { externalInviteRoutes } from './routes.ts';
export { createExternalInvitesService, type ExternalInvitesService } from './service.ts';
export { EXTERNAL_INVITE_EVENTS } from './events.ts';
export type { ExternalInviteRow } from './repository.ts';
