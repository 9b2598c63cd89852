import type { SearchModule } from '@agora/contracts';
import type { SearchSource } from './types.ts';

/** The sources of the search modules, one per module, as the modules register them at start-up. */
export function createSearchRegistry() {
  const sources = new Map<SearchModule, SearchSource>();
  return {
    register(source: SearchSource): void {
      if (sources.has(source.module)) throw new Error(`A search source for ${source.module} is registered already`);
      sources.set(source.module, source);
    },
    source(module: SearchModule): SearchSource | undefined {
      return sources.get(module);
    },
    sources(): SearchSource[] {
      return [...sources.values()];
    },
  };
}
export type SearchRegistry = ReturnType<typeof createSearchRegistry>;
