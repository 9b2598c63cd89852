import type { Processor } from '../../platform/events/index.ts';
import { NETWORK_SETTINGS_UPDATED, type SettingsEventChanges } from '../networks/index.ts';
import type { MapsService } from './service.ts';

/** The settings whose change asks for a geocoding run of the network. */
const TRIGGERS = (key: string, value: unknown) =>
  (key === 'maps_enabled' && value === true) || key.startsWith('network_location');

/** Maps switched on (or the network's location changed): its members' addresses are geocoded. */
export function mapsProcessors(maps: MapsService): Processor[] {
  return [
    {
      name: 'maps.geocode-on-settings',
      types: [NETWORK_SETTINGS_UPDATED],
      async handle(event) {
        const { changes } = event.changes as SettingsEventChanges;
        if ((changes ?? []).some((change) => TRIGGERS(change.key, change.new))) {
          await maps.scheduleGeocoding(event.networkId);
        }
      },
    },
  ];
}
