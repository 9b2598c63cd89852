export { createSearchRegistry, type SearchRegistry } from './registry.ts';
export type { SearchDocument, SearchSource } from './types.ts';
