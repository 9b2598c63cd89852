import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { translator } from '../../platform/i18n/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworkRow, NetworksService } from '../networks/index.ts';

/** The daily run of anonymizing: one job per day for all processes, at 03:00 UTC. */
export const ANONYMIZE_QUEUE = 'member-administration.anonymize';
export const ANONYMIZE_EVERY = { seconds: 24 * 60 * 60, offsetSeconds: 3 * 60 * 60 };

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** The name a deleted or anonymized member goes by: the network's anonymized name, else "deleted member". */
export function formerMemberName(networks: Pick<NetworksService, 'settings'>, network: NetworkRow): string {
  return (
    networks.settings(network).anonymize_memberships_name.trim() ||
    translator(network.language)('accounts:deleted_member')
  );
}

export type AnonymizerDeps = {
  events: Pick<Events, 'transaction'>;
  members: Pick<MembersService, 'administration'>;
  networks: Pick<NetworksService, 'get' | 'ids' | 'settings'>;
};

export type Anonymizer = ReturnType<typeof createAnonymizer>;

/**
 * Locked members lose their name and personal data as the network's setting says: at once when
 * locked ('enabled'), once locked for its number of days ('after_days'), or never ('disabled').
 */
export function createAnonymizer(deps: AnonymizerDeps) {
  const { administration } = deps.members;

  async function anonymize(network: NetworkRow, membershipId: string, actorId: string | null) {
    const name = formerMemberName(deps.networks, network);
    await deps.events.transaction(async (tx: Db) => {
      const current = await administration.lockForAdministration(tx, network.id, membershipId);
      if (current) await administration.anonymize(tx, actorId, current, name);
    });
  }

  /** Locked at or before this time are due; null when the network never anonymizes. */
  function dueBefore(network: NetworkRow, now: Date): Date | null {
    const settings = deps.networks.settings(network);
    if (settings.anonymize_memberships_config === 'enabled') return now;
    const days = settings.anonymize_memberships_after_days;
    if (settings.anonymize_memberships_config === 'after_days' && days) return new Date(now.getTime() - days * DAY_MS);
    return null;
  }

  return {
    /** A member just locked (`membership.locked`), when the network anonymizes at once. */
    async onLocked(networkId: string, membershipId: string, actorId: string | null) {
      const network = await deps.networks.get(networkId);
      if (network && deps.networks.settings(network).anonymize_memberships_config === 'enabled')
        await anonymize(network, membershipId, actorId);
    },

    /**
     * The daily run: every network's locked members that are due (also those locked before the
     * setting was turned on); answers how many were anonymized.
     */
    async anonymizeDue(now: Date): Promise<number> {
      let done = 0;
      for (const networkId of await deps.networks.ids()) {
        const network = await deps.networks.get(networkId);
        const before = network && dueBefore(network, now);
        if (!network || !before) continue;
        const name = formerMemberName(deps.networks, network);
        for (;;) {
          const ids = await administration.toAnonymize(networkId, before, name, BATCH);
          for (const id of ids) await anonymize(network, id, null);
          done += ids.length;
          if (ids.length < BATCH) break;
        }
      }
      return done;
    },
  };
}
