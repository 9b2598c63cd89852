import type { SearchModule } from '@agora/contracts';
import type { Processor, ProcessorContext, StoredEvent } from '../events/index.ts';
import type { SearchSource } from './types.ts';

/** Some documents of one source. */
export type SourceIds = { source: SearchSource; ids: string[] };

/** The one processor that keeps the index: every source's events, and a network's language change. */
export const SEARCH_PROCESSOR = 'search.index';

export type IndexWork = {
  sources: () => SearchSource[];
  /** By event type, whether the event changed the network's language (then the network is reindexed). */
  languageChangedBy: () => Record<string, (event: StoredEvent) => boolean>;
  /** Reloads the documents of a module and writes them in `tx`: those not answered are removed. */
  reload(networkId: string, changed: SourceIds[], transaction: ProcessorContext['transaction']): Promise<void>;
  /** Reindexes the network (these modules only, when given) in a job. */
  scheduleReindex(networkId: string, modules?: SearchModule[]): Promise<void>;
};

/**
 * Made once every module has registered its sources: its types are known only then. An event
 * reloads what it changed (reads outside, writes in the processor's transaction together with
 * the "handled" marker); a failure leaves the delivery pending, so nothing is lost, and loading
 * again is harmless.
 */
export function searchProcessor(work: IndexWork): Processor {
  const sources = work.sources();
  const languageChangedBy = work.languageChangedBy();
  const types = new Set<string>(Object.keys(languageChangedBy));
  for (const source of sources) {
    for (const type of [...Object.keys(source.changedBy), ...Object.keys(source.reindexedBy ?? {})]) types.add(type);
  }
  return {
    name: SEARCH_PROCESSOR,
    types: [...types],
    async handle(event, context) {
      if (languageChangedBy[event.type]?.(event)) await work.scheduleReindex(event.networkId);
      else {
        const remade = sources.filter((source) => source.reindexedBy?.[event.type]?.(event));
        if (remade.length > 0) {
          await work.scheduleReindex(
            event.networkId,
            remade.map((source) => source.module),
          );
        }
      }
      const changed: SourceIds[] = [];
      for (const source of sources) {
        const idsOf = source.changedBy[event.type];
        if (!idsOf) continue;
        const ids = [...new Set(await idsOf(event))];
        if (ids.length > 0) changed.push({ source, ids });
      }
      if (changed.length > 0) await work.reload(event.networkId, changed, context.transaction);
    },
  };
}
