export { networkRoutes } from './routes.ts';
export { createNetworksService, type NetworksService } from './service.ts';
export type { NetworkRow } from './repository.ts';
