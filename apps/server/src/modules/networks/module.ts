import { parseTheme } from '@agora/contracts';
import { NETWORK_OWNER } from '../../platform/storage/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { defineModule } from '../../platform/loader/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { designRoutes } from './design-routes.ts';
import { networkRoutes } from './routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { createNetworksService, networkCacheInvalidations } from './service.ts';
import { languageChanged, NETWORK_SETTINGS_UPDATED } from './setting-changes.ts';

/** Networks, their settings and designs; the network shell. */
export const networksModule = defineModule({
  name: 'networks',
  needs: ['groups'],
  create(platform, _needs: { groups: GroupsService }) {
    const networks = createNetworksService(platform.db, platform.events, platform.cache);
    // The extension filter and the default lock period of uploads are network settings.
    platform.storage.useNetworkSettings(async (networkId) => {
      const network = await networks.get(networkId);
      if (!network) throw new Error(`No network ${networkId}`);
      return networks.settings(network);
    });
    // Search stems a network's texts in its language; a change of it has them indexed anew.
    platform.search.useNetworkLanguage(async (networkId) => (await networks.get(networkId))?.language ?? 'de', {
      [NETWORK_SETTINGS_UPDATED]: languageChanged,
    });
    return networks;
  },
  cacheInvalidations: networkCacheInvalidations,
  routes: (networks, { groups }, platform) => [
    networkRoutes({ networks, groups, officeDocuments: !!platform.config.wopiDiscoveryUrl }),
    settingsRoutes({ networks, groups }),
    designRoutes({
      networks,
      attachImages: (actor, ids) =>
        platform.storage
          .attach(actor, ids, { type: NETWORK_OWNER, id: actor.networkId }, { field: 'theme', directory: 'assets' })
          .then(() => undefined),
    }),
  ],
  // Anna toned the user bar after the start: the audit log has its first entry.
  async demo(demo: DemoNetwork): Promise<void> {
    // The demo shows every setting an operator can open up.
    await demo.services.networks.setConfig(demo.network.id, {
      abuse_reports_configurable: true,
      digests_configurable: true,
      birthday_emails_configurable: true,
      guest_users_allowed: true,
      two_factor_enforcement_available: true,
      membership_roles_enabled: true,
    });
    const theme = parseTheme(demo.network.theme);
    const anna = demo.memberships[0]!.id;
    await demo.services.networks.updateTheme(
      demo.network.id,
      { ...theme, colors: { ...theme.colors, userbar_background: '#f1f3f5' } },
      anna,
    );
  },
});
