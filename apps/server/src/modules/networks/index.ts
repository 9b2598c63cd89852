export { networkRoutes } from './routes.ts';
export { designRoutes, type DesignDeps } from './design-routes.ts';
export { createNetworksService, NETWORK_CREATED, type NetworksService } from './service.ts';
export type { NetworkRow } from './repository.ts';
export {
  NETWORK_CONFIG_UPDATED,
  NETWORK_DESIGN_UPDATED,
  NETWORK_SETTINGS_UPDATED,
  settingChanged,
  type SettingChange,
  type SettingsEventChanges,
} from './setting-changes.ts';
