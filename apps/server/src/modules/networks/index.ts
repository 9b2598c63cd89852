export { networkRoutes } from './routes.ts';
export { designRoutes, type DesignDeps } from './design-routes.ts';
export { createNetworksService, type NetworksService } from './service.ts';
export type { NetworkRow } from './repository.ts';
