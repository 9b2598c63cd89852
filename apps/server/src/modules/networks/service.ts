import {
  networkSettingsSchema,
  parseNetworkConfig,
  parseTheme,
  type NetworkConfig,
  type NetworkSettings,
  type Theme,
  type ThemeInput,
} from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import { createNetworksRepository, type NetworkRow } from './repository.ts';
import {
  NETWORK_CONFIG_UPDATED,
  NETWORK_DESIGN_UPDATED,
  NETWORK_SETTINGS_UPDATED,
  settingChanges,
  type SettingsEventChanges,
} from './setting-changes.ts';

/**
 * Which network a host names, and the network's row with its settings, are read on every request
 * and change rarely: both are cached, and every change of the row records an event that drops
 * it in every process (`networkCacheInvalidations`), so that a change applies at once.
 */
const CACHED_NETWORKS = 1_000;
const CACHED_HOSTS = 10_000;
/** The invalidation key of a network's row; `networks` is that of the host names' map. */
export const networkKey = (id: string) => `network:${id}`;
const HOSTS_KEY = 'networks';

export type NetworksService = ReturnType<typeof createNetworksService>;

/** What other modules give a new network (its calendar, say) starts from this event. */
export const NETWORK_CREATED = 'network.created';

/** What the events of this module change in the cache. */
export const networkCacheInvalidations = {
  // A second network may make the only one without a host no longer the answer for any host.
  [NETWORK_CREATED]: () => [HOSTS_KEY],
  [NETWORK_SETTINGS_UPDATED]: (event: { networkId: string }) => [networkKey(event.networkId)],
  [NETWORK_DESIGN_UPDATED]: (event: { networkId: string }) => [networkKey(event.networkId)],
  [NETWORK_CONFIG_UPDATED]: (event: { networkId: string }) => [networkKey(event.networkId)],
};

export function createNetworksService(
  db: Db,
  events: Pick<Events, 'transaction' | 'record'>,
  cache: Pick<Cache, 'region'>,
) {
  const repository = createNetworksRepository(db);
  const rows = cache.region<NetworkRow>(CACHED_NETWORKS);
  const hosts = cache.region<string>(CACHED_HOSTS);
  const context = (row: NetworkRow): NetworkContext => ({ id: row.id, name: row.name, language: row.language });

  async function lookUp(host: string): Promise<NetworkRow | undefined> {
    return (await repository.findByHost(host)) ?? (await onlyHostless());
  }

  async function onlyHostless(): Promise<NetworkRow | undefined> {
    const rows = await repository.findHostless(2);
    return rows.length === 1 ? rows[0] : undefined;
  }

  /** The network's row as committed; shared by its readers, who must not change it. */
  const cachedRow = (id: string): Promise<NetworkRow | null> =>
    rows.get(id, async () => {
      const row = await repository.findById(id);
      return row ? { value: row, keys: [networkKey(id)] } : null;
    });

  // The files module, made after this one, says where the network's files are.
  let rootFolderOf: (actor: Actor) => Promise<string | null> = async () => null;

  return {
    /** Where `rootFolderId` asks (the files module). */
    useRootFolder(source: (actor: Actor) => Promise<string | null>): void {
      rootFolderOf = source;
    },
    /** The id of the network's root folder, for members who read it (null for external members). */
    rootFolderId: (actor: Actor) => rootFolderOf(actor),
    async resolveForHost(host: string): Promise<NetworkContext | null> {
      const name = host.toLowerCase().replace(/:\d+$/, '');
      // An unknown host is not cached, so a network created meanwhile answers at once.
      const id = await hosts.get(name, async () => {
        const row = await lookUp(name);
        return row ? { value: row.id, keys: [HOSTS_KEY, networkKey(row.id)] } : null;
      });
      const row = id ? await cachedRow(id) : null;
      return row ? context(row) : null;
    },
    /** The network's row with its settings (cached; a change shows at once, in every process). */
    async get(id: string): Promise<NetworkRow | undefined> {
      return (await cachedRow(id)) ?? undefined;
    },
    count() {
      return repository.count();
    },
    /** Every network's id (the daily runs go through them). */
    ids() {
      return repository.ids();
    },
    async create(input: {
      name: string;
      language?: string;
      host?: string | null;
      settings?: Partial<NetworkSettings>;
      theme?: ThemeInput;
    }) {
      return events.transaction(async (tx) => {
        const network = await repository.insert(
          {
            name: input.name,
            language: input.language ?? 'de',
            host: input.host ?? null,
            settings: input.settings ?? {},
            theme: input.theme ?? null,
          },
          tx,
        );
        await events.record(tx, {
          networkId: network.id,
          type: NETWORK_CREATED,
          subject: { type: 'network', id: network.id },
          changes: { name: network.name },
        });
        return network;
      });
    },
    /** Replaces the network's design as a whole (the design editor saves all of it). */
    async updateTheme(id: string, theme: Theme, actorId: string | null = null) {
      return events.transaction(async (tx) => {
        const before = await repository.findById(id, tx, true);
        if (!before) return undefined;
        const saved = await repository.updateTheme(id, theme, tx);
        // As the design was in effect: what was never saved had its default.
        const changes = settingChanges(parseTheme(before.theme), parseTheme(theme));
        // Saving the design unchanged is no change to record.
        if (changes.length > 0) {
          await events.record(tx, {
            networkId: id,
            type: NETWORK_DESIGN_UPDATED,
            actorId,
            subject: { type: 'network', id },
            changes: { network_name: before.name, changes } satisfies SettingsEventChanges,
          });
        }
        return saved;
      });
    },
    /**
     * Changes some settings (and the network's name and language), keeping the others as stored;
     * records what changed, name and language among the settings, in one event.
     */
    async updateSettings(
      id: string,
      patch: Partial<NetworkSettings>,
      actorId: string | null = null,
      attributes: { name?: string; language?: string } = {},
    ) {
      return events.transaction(async (tx) => {
        const before = await repository.findById(id, tx, true);
        if (!before) return undefined;
        const stored = { ...before.settings, ...patch };
        const name = attributes.name ?? before.name;
        const language = attributes.language ?? before.language;
        const saved = await repository.updateSettings(id, stored, tx, { name, language });
        const changes = settingChanges(
          { ...networkSettingsSchema.parse(before.settings), name: before.name, language: before.language },
          { ...networkSettingsSchema.parse(stored), name, language },
        );
        if (changes.length > 0) {
          await events.record(tx, {
            networkId: id,
            type: NETWORK_SETTINGS_UPDATED,
            actorId,
            subject: { type: 'network', id },
            changes: { network_name: name, changes } satisfies SettingsEventChanges,
          });
        }
        return saved;
      });
    },
    /** The stored settings completed with the defaults. */
    settings(network: NetworkRow): NetworkSettings {
      return networkSettingsSchema.parse(network.settings);
    },
    /**
     * What the operator lets this network configure (guest users, membership roles...), completed
     * with the defaults. Pass a row just read (`get`), so that a change shows at once.
     */
    config(network: Pick<NetworkRow, 'config'>): NetworkConfig {
      return parseNetworkConfig(network.config);
    },
    /** The configuration of a network by its id, read now; the defaults for an unknown network. */
    async configOf(networkId: string): Promise<NetworkConfig> {
      return parseNetworkConfig((await cachedRow(networkId))?.config ?? {});
    },
    /** Sets the operator's configuration (the seed, an operator's script); records what changed. */
    async setConfig(id: string, patch: Partial<NetworkConfig>) {
      return events.transaction(async (tx) => {
        const before = await repository.findById(id, tx, true);
        if (!before) return undefined;
        const stored = { ...before.config, ...patch };
        const saved = await repository.updateConfig(id, stored, tx);
        const changes = settingChanges(parseNetworkConfig(before.config), parseNetworkConfig(stored));
        if (changes.length > 0) {
          await events.record(tx, {
            networkId: id,
            type: NETWORK_CONFIG_UPDATED,
            subject: { type: 'network', id },
            changes: { network_name: before.name, changes } satisfies SettingsEventChanges,
          });
        }
        return saved;
      });
    },
  };
}
