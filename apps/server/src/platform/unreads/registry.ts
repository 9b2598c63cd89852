import type { Unreads } from '@agora/contracts';
import type { Actor } from '../policy/index.ts';
import { countingOnce } from './shared-reads.ts';

export type UnreadCounter<K extends keyof Unreads> = (actor: Actor) => Promise<Unreads[K]>;

export type UnreadsRegistry = ReturnType<typeof createUnreadsRegistry>;

/** What a count is while no module has registered its counter: the feature has nothing to count. */
const NOTHING: Unreads = {
  Notifications: 0,
  GroupInvites: 0,
  Calendars: 0,
  GroupJoinRequests: [],
  Invites: 0,
  Messages: 0,
  Activities: 0,
  Files: 0,
};

/**
 * The unread counts of `GET /api/v1/unreads`. Each module registers the counter of its own key,
 * so the shell asks one endpoint and no module knows the others.
 */
export function createUnreadsRegistry() {
  const counters = new Map<keyof Unreads, (actor: Actor) => Promise<unknown>>();
  return {
    register<K extends keyof Unreads>(key: K, counter: UnreadCounter<K>): void {
      if (counters.has(key)) throw new Error(`An unread counter for ${key} is registered already`);
      counters.set(key, counter);
    },
    /** Every count for the member; the counters run side by side, sharing the reads they have in common. */
    async count(actor: Actor): Promise<Unreads> {
      const entries = [...counters];
      const values = await countingOnce(() => Promise.all(entries.map(([, counter]) => counter(actor))));
      const result: Record<string, unknown> = structuredClone(NOTHING);
      entries.forEach(([key], i) => (result[key] = values[i]));
      return result as Unreads;
    },
  };
}
