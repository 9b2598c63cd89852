export { invalidateInThisProcess } from './bus.ts';
export { createCache, type Cache, type CacheInvalidation, type CacheRegion, type Loaded } from './cache.ts';
