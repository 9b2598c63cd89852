import { networkSettingsSchema, type NetworkSettings, type Theme, type ThemeInput } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { NetworkContext } from '../../platform/policy/index.ts';
import { createNetworksRepository, type NetworkRow } from './repository.ts';

/** Host lookups are on every request; networks change rarely, so a short cache saves a query. */
const HOST_CACHE_MS = 30_000;

export type NetworksService = ReturnType<typeof createNetworksService>;

/** Runs after a network is made: other modules give it what every network starts with. */
export type NetworkCreatedListener = (network: NetworkRow) => Promise<void>;

export function createNetworksService(db: Db) {
  const repository = createNetworksRepository(db);
  const createdListeners: NetworkCreatedListener[] = [];
  const hostCache = new Map<string, { network: NetworkContext | null; until: number }>();

  async function lookUp(host: string): Promise<NetworkContext | null> {
    const row = (await repository.findByHost(host)) ?? (await onlyHostless());
    return row ? { id: row.id, name: row.name, language: row.language } : null;
  }

  async function onlyHostless(): Promise<NetworkRow | undefined> {
    const rows = await repository.findHostless(2);
    return rows.length === 1 ? rows[0] : undefined;
  }

  return {
    async resolveForHost(host: string): Promise<NetworkContext | null> {
      const name = host.toLowerCase().replace(/:\d+$/, '');
      const cached = hostCache.get(name);
      if (cached && cached.until > Date.now()) return cached.network;
      const network = await lookUp(name);
      // An unknown host is not cached, so a network created meanwhile answers at once.
      if (network) hostCache.set(name, { network, until: Date.now() + HOST_CACHE_MS });
      return network;
    },
    get(id: string) {
      return repository.findById(id);
    },
    count() {
      return repository.count();
    },
    async create(input: {
      name: string;
      language?: string;
      host?: string | null;
      settings?: Partial<NetworkSettings>;
      theme?: ThemeInput;
    }) {
      hostCache.clear();
      const network = await repository.insert({
        name: input.name,
        language: input.language ?? 'de',
        host: input.host ?? null,
        settings: input.settings ?? {},
        theme: input.theme ?? null,
      });
      for (const listener of createdListeners) await listener(network);
      return network;
    },
    onCreated(listener: NetworkCreatedListener) {
      createdListeners.push(listener);
    },
    /** Replaces the network's design as a whole (the design editor saves all of it). */
    async updateTheme(id: string, theme: Theme) {
      return repository.updateTheme(id, theme);
    },
    /** The stored settings completed with the defaults. */
    settings(network: NetworkRow): NetworkSettings {
      return networkSettingsSchema.parse(network.settings);
    },
  };
}
