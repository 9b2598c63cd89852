import type { SearchModule, SearchResponse } from '@agora/contracts';
import { modulesOf, resultOf } from '../api.ts';
import { hitLink, hitTitle } from './hits.ts';
import { searchPath } from './params.ts';

/** The header's module list (administration spec: with calendars), each with the module it searches. */
export const HEADER_MODULES = [
  { key: 'activities', module: 'activities' },
  { key: 'messages', module: 'messages' },
  { key: 'appointments', module: 'appointments' },
  { key: 'files', module: 'files' },
  { key: 'memberships', module: 'memberships' },
  { key: 'groups', module: 'groups' },
  // Calendars have no search of their own: their appointments are what is found.
  { key: 'calendars', module: 'appointments' },
] as const satisfies ReadonlyArray<{ key: string; module: SearchModule }>;

/** Quick results per module in the header's dropdown. */
export const QUICK_HITS = 3;

/** An entry of the header's dropdown: what it says and where it leads. */
export type HeaderEntry = { value: string; label: string; path: string; module: SearchModule };

/** "Search in …" entries for a query: the modules the network offers (all of them until it answers). */
export function moduleEntries(q: string, answer: SearchResponse | undefined): Array<HeaderEntry & { key: string }> {
  const offered = answer ? modulesOf(answer) : null;
  return HEADER_MODULES.filter(({ module }) => !offered || offered.includes(module)).map(({ key, module }) => ({
    key,
    module,
    value: `module:${key}`,
    label: key,
    path: searchPath({ q, module }),
  }));
}

/** The overview's first hits of each module, a few each. */
export function quickEntries(answer: SearchResponse | undefined): HeaderEntry[] {
  return modulesOf(answer).flatMap((module) =>
    resultOf(answer, module)!
      .hits.slice(0, QUICK_HITS)
      .map((hit) => ({
        value: `hit:${module}:${hit.id}`,
        label: hitTitle(module, hit),
        path: hitLink(module, hit),
        module,
      })),
  );
}
