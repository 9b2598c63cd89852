export { groupRoutes } from './routes.ts';
export { createGroupsService, type GroupsService, type NewGroup, type NewGroupCategory } from './service.ts';
