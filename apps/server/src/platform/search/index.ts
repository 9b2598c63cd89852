export { createSearchRegistry, type SearchRegistry } from './registry.ts';
export { createSearchService, type ReindexCounts, type SearchService } from './service.ts';
export type { SearchDriver, SearchRef } from './driver.ts';
export type { SearchAsked } from './query.ts';
export type { SearchDocument, SearchSource } from './types.ts';
