export { groupRoutes } from './routes.ts';
export {
  createGroupsService,
  type DirectoryGroupsOptions,
  type GroupsService,
  type NewGroup,
  type NewGroupCategory,
} from './service.ts';
export { activeTheme } from './present.ts';
