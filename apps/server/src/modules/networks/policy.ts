import { mayChat, networkSettingsSchema } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { NetworkRow } from './repository.ts';

export const networkPolicy = definePolicy<Actor, NetworkRow, 'read' | 'administrate' | 'version_and_updates' | 'chat'>({
  read: (actor, network) => actor.networkId === network.id,
  administrate: (actor, _network, can) => !!can.read && actor.isNetworkAdmin,
  version_and_updates: (_actor, _network, can) => !!can.administrate,
  // The chat's own rule, so that the shell hides the chat from whom the chat would refuse.
  chat: (actor, network, can) => !!can.read && mayChat(actor, networkSettingsSchema.parse(network.settings)),
});
