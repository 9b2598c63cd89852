export { groupRoutes } from './routes.ts';
export {
  createGroupsService,
  type DirectoryGroupsOptions,
  type GroupsService,
  type GroupWithRole,
  type NewGroup,
  type NewGroupCategory,
} from './service.ts';
export { activeTheme } from './present.ts';
export { GROUP_ARCHIVED, GROUP_CREATED, GROUP_DESTROYED, GROUP_UNARCHIVED, GROUP_UPDATED } from './lifecycle.ts';
export { GROUP_CATEGORY_CREATED, GROUP_CATEGORY_REORDERED, GROUP_CATEGORY_UPDATED } from './categories.ts';
export { groupPolicy, type GroupSubject } from './policy.ts';
export type { GroupCategoryRow, GroupRow } from './repository.ts';
export type { CategoryGroupEntry } from './category-directory.ts';
export {
  GROUP_MEMBERSHIP_EVENTS,
  type GroupAdminChanges,
  type GroupJoinedChanges,
  type GroupLeftChanges,
  type GroupMembershipEventChanges,
} from './membership-events.ts';
export type { GroupMembershipView, OpenInviteLookup } from './membership.ts';
export type { AdministeredGroupMembership } from './network-admin-memberships.ts';
export type { ContentGroup } from './stream-groups.ts';
