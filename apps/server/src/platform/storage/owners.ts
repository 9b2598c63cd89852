import type { Actor } from '../policy/index.ts';
import type { StoredObjectRow } from './tables.ts';

/** The object a published upload belongs to: an appointment, a message, a folder, the network. */
export type StorageOwnerRef = { type: string; id: string };

/**
 * What a module declares for the objects it owns. Each question is asked for many owners at
 * once (one query per owner type, never one per object).
 */
export type StorageOwnerPolicy = {
  /** Of `ownerIds` (all in `networkId`), those whose uploads the actor (null: anonymous) may read. */
  readableIds(actor: Actor | null, ownerIds: string[], networkId: string): Promise<Set<string>>;
  /** Whether the actor may remove the owner's uploads; absent: nobody may. */
  canUpdate?(actor: Actor, ownerId: string): Promise<boolean>;
  /** Whether the actor may lock the owner's uploads (a file's `can.lock`); absent: nobody may. */
  canLock?(actor: Actor, ownerId: string): Promise<boolean>;
  /**
   * The bytes of an older major version of the owner's object (`?_=v{major}` of a download),
   * for owners that keep versions; null or absent: there is no such version.
   */
  versionContent?(ownerId: string, major: number): Promise<VersionContent | null>;
};

/** Where an older version's bytes are and what they are called. */
export type VersionContent = Pick<StoredObjectRow, 'key' | 'name' | 'extension' | 'size' | 'contentType'>;

export type StorageOwners = ReturnType<typeof createOwnerRegistry>;

/** The owner type of the network's own uploads: logo, favicon, designs. */
export const NETWORK_OWNER = 'network';

export function createOwnerRegistry() {
  const policies = new Map<string, StorageOwnerPolicy>();

  const registry = {
    register(type: string, policy: StorageOwnerPolicy): void {
      if (policies.has(type)) throw new Error(`A storage owner ${type} is registered already`);
      policies.set(type, policy);
    },
    has(type: string): boolean {
      return policies.has(type);
    },
    get(type: string): StorageOwnerPolicy | undefined {
      return policies.get(type);
    },
    /** The readable owner ids per type; an unknown owner type reads as nothing readable. */
    async readable(
      actor: Actor | null,
      networkId: string,
      owners: Map<string, Set<string>>,
    ): Promise<Map<string, Set<string>>> {
      const entries = [...owners].filter(([type]) => policies.has(type));
      const answers = await Promise.all(
        entries.map(([type, ids]) => policies.get(type)!.readableIds(actor, [...ids], networkId)),
      );
      return new Map(entries.map(([type], i) => [type, answers[i]!]));
    },
  };

  // The network's uploads are for everyone in it: the public pages show the logo.
  registry.register(NETWORK_OWNER, {
    readableIds: async (_actor, ownerIds, networkId) => new Set(ownerIds.filter((id) => id === networkId)),
    canUpdate: async (actor, ownerId) => actor.isNetworkAdmin && actor.networkId === ownerId,
  });
  return registry;
}
