import type { SearchHits, SearchModule } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { Actor } from '../platform/policy/index.ts';
import type { SearchDocument } from '../platform/search/index.ts';

/** Every document a module's source makes of a network (a full reindex), page by page. */
export async function scanAll(services: Services, module: SearchModule, networkId: string): Promise<SearchDocument[]> {
  const source = services.search.source(module);
  if (!source) throw new Error(`No search source for ${module}`);
  const all: SearchDocument[] = [];
  for (let afterId: string | null = null; ;) {
    const page = await source.scan(networkId, afterId, 50);
    all.push(...page);
    if (page.length < 50) return all;
    afterId = page.at(-1)!.id;
  }
}

/**
 * What a member may find of a module, as the index would answer by the source's documents and
 * the member's keys alone (no ranking): the documents sharing one of the member's access keys
 * whose title or content holds `text` (case-insensitive), presented as hits.
 */
export async function foundBy<M extends SearchModule>(
  services: Services,
  module: M,
  actor: Actor,
  text = '',
): Promise<{ documents: SearchDocument[]; hits: Array<SearchHits[M]> }> {
  const source = services.search.source(module)!;
  const keys = new Set(await source.accessKeys(actor));
  const needle = text.toLowerCase();
  const documents = (await scanAll(services, module, actor.networkId)).filter(
    (d) =>
      d.access.some((key) => keys.has(key)) &&
      `${d.title}\n${d.content}\n${d.valuesContent ?? ''}`.toLowerCase().includes(needle),
  );
  const hits = (await source.present(
    actor,
    documents.map((d) => d.id),
  )) as Array<SearchHits[M]>;
  return { documents, hits };
}
