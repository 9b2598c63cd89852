import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { NetworkRow } from './repository.ts';

export const networkPolicy = definePolicy<Actor, NetworkRow, 'read' | 'administrate' | 'version_and_updates'>({
  read: (actor, network) => actor.networkId === network.id,
  administrate: (actor, _network, can) => !!can.read && actor.isNetworkAdmin,
  version_and_updates: (_actor, _network, can) => !!can.administrate,
});
