import { themeSchema, type NetworkShell } from '@agora/contracts';

/**
 * A network shell (`GET /api/v1/network`) for tests; `administrate` as for a network
 * administrator, `chat: false` as for a guest of a network whose guests do not chat.
 */
export function networkShell({ administrate = false, chat = true } = {}): NetworkShell {
  return {
    id: 'b'.repeat(24),
    name: 'Acme Demo',
    language: 'de',
    theme: themeSchema.parse({}) as NetworkShell['theme'],
    config: {
      memberships: { profile_edit_target: 'profile', change_requests: { enabled: false } },
      folder_profiles: { enabled: false, properties: [] },
      file_profiles: { enabled: false, column_fields: [], properties: [] },
      file_extension_filter: { enabled: false, mode: 'block', extensions: [] },
      default_lock_period_days: 7,
    },
    can: { administrate, version_and_updates: false, chat, send_direct_messages: chat },
    group_categories: [],
    customer_central_url: null,
    customer_central_jwt: null,
    teams_configuration: { show_renew_secret_modal: false },
    root_folder_id: null,
  };
}
