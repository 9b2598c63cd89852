import type { SearchModule } from '@agora/contracts';
import type { Actor } from '../policy/actor.ts';
import type { SearchDocument, SearchSource } from './types.ts';

/**
 * A source over documents kept in memory, for tests of the search itself: what it loads is what
 * the test put in, a member holds the keys the test gave them, and a hit is its id and title.
 */
export function fakeSource(module: SearchModule, options: { changedBy?: string[] } = {}) {
  const docs = new Map<string, SearchDocument>();
  const keys = new Map<string, string[]>();
  const source: SearchSource & {
    put(...docs: Array<Partial<SearchDocument> & { id: string; networkId: string; title: string }>): void;
    drop(id: string): void;
    grant(membershipId: string, keys: string[]): void;
  } = {
    module,
    changedBy: Object.fromEntries((options.changedBy ?? []).map((type) => [type, (event) => [event.subject.id]])),
    async load(networkId, ids) {
      return ids.flatMap((id) => {
        const doc = docs.get(id);
        return doc && doc.networkId === networkId ? [doc] : [];
      });
    },
    async scan(networkId, afterId, limit) {
      return [...docs.values()]
        .filter((doc) => doc.networkId === networkId && (afterId === null || doc.id > afterId))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
    async accessKeys(actor: Actor) {
      return keys.get(actor.membershipId) ?? [];
    },
    async present(_actor, ids) {
      return ids.flatMap((id) => {
        const doc = docs.get(id);
        return doc ? [{ id, name: doc.title } as never] : [];
      });
    },
    put(...added) {
      for (const doc of added) {
        docs.set(doc.id, {
          module,
          groupId: null,
          access: [`${module}:all`],
          content: '',
          language: 'network',
          sortAt: new Date(),
          ...doc,
        });
      }
    },
    drop(id) {
      docs.delete(id);
    },
    grant(membershipId, granted) {
      keys.set(membershipId, granted);
    },
  };
  return source;
}
