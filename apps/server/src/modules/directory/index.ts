export { directoryRoutes } from './routes.ts';
export { createDirectoryService, type DirectoryService } from './service.ts';
