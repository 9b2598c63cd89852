import {
  deriveTheme,
  networkSettingsSchema,
  parseNetworkConfig,
  parseTheme,
  type NetworkShell,
} from '@agora/contracts';
import { abilities, pick, type Actor } from '../../platform/policy/index.ts';
import { networkPolicy } from './policy.ts';
import type { NetworkRow } from './repository.ts';

export function presentNetworkShell(
  actor: Actor,
  network: NetworkRow,
  groupCategories: NetworkShell['group_categories'],
  rootFolderId: string | null = null,
  /** Whether an office server is configured (`WOPI_DISCOVERY_URL`). */
  officeDocuments = false,
): NetworkShell {
  const can = abilities(networkPolicy, actor, network);
  const settings = networkSettingsSchema.parse(network.settings);
  const operatorConfig = parseNetworkConfig(network.config);
  return {
    id: network.id,
    name: network.name,
    language: network.language,
    start_page: settings.start_page,
    // The network's design applies whether or not it says override: it is the base.
    theme: deriveTheme(parseTheme(network.theme)),
    config: {
      memberships: {
        profile_edit_target: 'profile',
        change_requests: { enabled: operatorConfig.change_requests_enabled },
      },
      folder_profiles: settings.folder_profiles,
      file_profiles: settings.file_profiles,
      file_extension_filter: settings.file_extension_filter,
      default_lock_period_days: settings.default_lock_period_days,
      maps: { enabled: settings.maps_enabled },
      membership_roles: { enabled: operatorConfig.membership_roles_enabled },
      office_documents: { enabled: officeDocuments },
    },
    can: pick(can, ['administrate', 'version_and_updates', 'chat', 'send_direct_messages']),
    group_categories: groupCategories,
    customer_central_url: null,
    customer_central_jwt: null,
    teams_configuration: { show_renew_secret_modal: false },
    root_folder_id: rootFolderId,
  };
}
