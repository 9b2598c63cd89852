export { inviteRoutes } from './routes.ts';
export { createInvitesService, type InvitesQuery, type InvitesService } from './service.ts';
export {
  positionAt,
  type InviteAnswer,
  type InviteKind,
  type InvitePageRequest,
  type InvitePosition,
  type PresentedInvite,
} from './kinds.ts';
