export { memberRoutes } from './routes.ts';
export {
  createMembersService,
  membershipKey,
  MEMBERSHIP_CREATED,
  searchTerms,
  type MembershipOrigin,
  type MembersService,
  type MemberSearchOptions,
  type NewMember,
} from './service.ts';
export {
  presentCurrentMember,
  presentMember,
  presentMemberOption,
  presentMemberSummary,
  memberName,
  memberImages,
} from './present.ts';
export type { MembershipRow } from './repository.ts';
export {
  MEMBERSHIP_ANONYMIZED,
  MEMBERSHIP_DESTROYED,
  MEMBERSHIP_LOCKED,
  MEMBERSHIP_UNLOCKED,
  MEMBERSHIP_UPDATED,
  type MembershipAdminPatch,
  type MembershipDestroyedChanges,
} from './administration.ts';
export type { MemberProfileValueRow } from './profile-values.ts';
export { MEMBERSHIP_PROFILE_UPDATED, type ProfilePatch } from './profile-edit.ts';
export { presentBirthday } from './present-profile.ts';
export type { DirectoryMemberRow, FilterOptionRow } from './directory-list.ts';
export { memberPolicy, type MemberSubject } from './policy.ts';
export { MEMBERSHIP_OWNER } from './profile-image.ts';
export type { MembershipKind } from './tables.ts';
