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
export type { GroupRow } from './repository.ts';
