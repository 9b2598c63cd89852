import {
  networkSettingsSchema,
  parseNetworkConfig,
  parseTheme,
  type NetworkConfig,
  type NetworkSettings,
  type Theme,
  type ThemeInput,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { NetworkContext } from '../../platform/policy/index.ts';
import { createNetworksRepository, type NetworkRow } from './repository.ts';
import {
  NETWORK_CONFIG_UPDATED,
  NETWORK_DESIGN_UPDATED,
  NETWORK_SETTINGS_UPDATED,
  settingChanges,
  type SettingsEventChanges,
} from './setting-changes.ts';

/**
 * Which network a host names is asked on every request and changes rarely: a short cache of the
 * id. The name and language are settings, read at each request, so that a change applies at
 * once on every process.
 */
const HOST_CACHE_MS = 30_000;

export type NetworksService = ReturnType<typeof createNetworksService>;

/** What other modules give a new network (its calendar, say) starts from this event. */
export const NETWORK_CREATED = 'network.created';

export function createNetworksService(db: Db, events: Pick<Events, 'transaction' | 'record'>) {
  const repository = createNetworksRepository(db);
  const hostCache = new Map<string, { id: string; until: number }>();
  const context = (row: NetworkRow): NetworkContext => ({ id: row.id, name: row.name, language: row.language });

  async function lookUp(host: string): Promise<NetworkRow | undefined> {
    return (await repository.findByHost(host)) ?? (await onlyHostless());
  }

  async function onlyHostless(): Promise<NetworkRow | undefined> {
    const rows = await repository.findHostless(2);
    return rows.length === 1 ? rows[0] : undefined;
  }

  return {
    async resolveForHost(host: string): Promise<NetworkContext | null> {
      const name = host.toLowerCase().replace(/:\d+$/, '');
      const cached = hostCache.get(name);
      if (cached && cached.until > Date.now()) {
        const row = await repository.findById(cached.id);
        if (row) return context(row);
        hostCache.delete(name);
      }
      const row = await lookUp(name);
      // An unknown host is not cached, so a network created meanwhile answers at once.
      if (!row) return null;
      hostCache.set(name, { id: row.id, until: Date.now() + HOST_CACHE_MS });
      return context(row);
    },
    get(id: string) {
      return repository.findById(id);
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
      hostCache.clear();
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
      return parseNetworkConfig((await repository.findById(networkId))?.config ?? {});
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
