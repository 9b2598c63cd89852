import type { NetworkSettings } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';

/** A network's map, with the settings that decide about it. */
export type MapSubject = { networkId: string; settings: NetworkSettings };

export const mapPolicy = definePolicy<Actor, MapSubject, 'read'>({
  // The maps exist only where the network turned them on; then every member sees them.
  read: (actor, { networkId, settings }) => actor.networkId === networkId && settings.maps_enabled,
});
