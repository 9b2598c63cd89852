export {
  createMembershipRolesService,
  roleSlug,
  type MembershipRolesService,
  type NewMembershipRole,
} from './service.ts';
export { MEMBERSHIP_ROLE_EVENTS } from './administration.ts';
export { presentDirectoryRole } from './present.ts';
export type { MembershipRoleRow } from './repository.ts';
