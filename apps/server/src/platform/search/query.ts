import {
  SEARCH_LIMITS,
  SEARCH_MODULES,
  SEARCH_SORTS,
  searchQueryName,
  type SearchModule,
  type SearchResponse,
  type SearchResult,
  type SearchSort,
} from '@agora/contracts';
import { localeFor, translator } from '../i18n/index.ts';
import type { Actor, NetworkContext } from '../policy/actor.ts';
import type { SearchDriver } from './driver.ts';
import { searchConfigFor } from './language.ts';
import type { SearchRegistry } from './registry.ts';

/** What a search asks, once parsed (`searchQuerySchema`) and the group resolved. */
export type SearchAsked = {
  q: string;
  module?: SearchModule | undefined;
  page: number;
  sort_by: SearchSort;
  /** Only what belongs to this group (the group search). */
  groupId?: string | null;
};

/** Modules whose titles are names: a part of a name finds them ("Schm" finds "Schmidt"). */
export const NAME_MODULES: readonly SearchModule[] = ['memberships', 'groups', 'folders'];

type Deps = { registry: SearchRegistry; driver: SearchDriver };

/**
 * One module's page, or the overview (the first hits of every module and each total). The
 * member's keys are asked of the modules searched, side by side; the index answers the page and
 * the totals in one statement, the highlights of the hits returned in one more, and each module
 * presents its hits in a batch.
 */
export async function runSearch(
  { registry, driver }: Deps,
  actor: Actor,
  network: Pick<NetworkContext, 'id' | 'language'>,
  asked: SearchAsked,
): Promise<SearchResponse> {
  const modules = SEARCH_MODULES.filter((m) => registry.source(m) && (!asked.module || asked.module === m));
  if (modules.length === 0) return {};
  const sources = modules.map((m) => registry.source(m)!);
  const keys = [...new Set((await Promise.all(sources.map((s) => s.accessKeys(actor)))).flat())];
  const per = asked.module ? SEARCH_LIMITS.per : SEARCH_LIMITS.overviewPer;
  const page = asked.module ? asked.page : 1;
  const config = searchConfigFor(network.language);
  const found =
    keys.length === 0
      ? { hits: [], totals: {} }
      : await driver.query({
          networkId: network.id,
          config,
          q: asked.q,
          modules,
          nameModules: NAME_MODULES.filter((m) => modules.includes(m)),
          keys,
          groupId: asked.groupId ?? null,
          sort: asked.sort_by,
          offset: (page - 1) * per,
          limit: per,
        });
  const [highlights, presented] = await Promise.all([
    driver.highlight({ networkId: network.id, config, q: asked.q, nameModules: NAME_MODULES }, found.hits),
    Promise.all(
      sources.map((source) => {
        const ids = found.hits.filter((hit) => hit.module === source.module).map((hit) => hit.id);
        return ids.length === 0 ? [] : source.present(actor, ids);
      }),
    ),
  ]);
  const sorts = availableSorts(localeFor(actor.locale, network.language));
  const response: Record<string, SearchResult> = {};
  modules.forEach((module, i) => {
    // In rank order, whatever order the module answered in; ids it left out are dropped.
    const byId = new Map((presented[i] as Array<{ id: string }>).map((hit) => [hit.id, hit]));
    const hits = found.hits.flatMap((hit) => (hit.module === module && byId.has(hit.id) ? [byId.get(hit.id)!] : []));
    response[searchQueryName(module)] = {
      hits: hits as SearchResult['hits'],
      meta: { highlight: Object.fromEntries(hits.map((hit) => [hit.id, highlights.get(`${module}:${hit.id}`) ?? {}])) },
      total: Math.min(found.totals[module] ?? 0, SEARCH_LIMITS.countMax),
      total_capped: (found.totals[module] ?? 0) > SEARCH_LIMITS.countMax,
      per,
      page,
      sort_by: asked.sort_by,
      available_sorts: sorts,
    };
  });
  return response as SearchResponse;
}

/** The orders a result list offers, named in the member's language. */
function availableSorts(locale: string): SearchResult['available_sorts'] {
  const t = translator(locale);
  return SEARCH_SORTS.map((key) => ({ key, label: t(`search:sorts.${key}`) }));
}
