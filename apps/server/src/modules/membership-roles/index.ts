export {
  createMembershipRolesService,
  roleSlug,
  type MembershipRolesService,
  type NewMembershipRole,
} from './service.ts';
export { presentDirectoryRole } from './present.ts';
export type { MembershipRoleRow } from './repository.ts';
