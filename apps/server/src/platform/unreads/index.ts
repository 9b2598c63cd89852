export { createUnreadsRegistry, type UnreadCounter, type UnreadsRegistry } from './registry.ts';
export { unreadsRoutes } from './routes.ts';
export { sharedWithinCount } from './shared-reads.ts';
