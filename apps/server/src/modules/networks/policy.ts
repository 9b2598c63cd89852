import { mayChat, networkSettingsSchema } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { NetworkRow } from './repository.ts';

export const networkPolicy = definePolicy<
  Actor,
  NetworkRow,
  'read' | 'administrate' | 'version_and_updates' | 'chat' | 'send_direct_messages'
>({
  read: (actor, network) => actor.networkId === network.id,
  administrate: (actor, _network, can) => !!can.read && actor.isNetworkAdmin,
  version_and_updates: (_actor, _network, can) => !!can.administrate,
  // The chat's own rule, so that the shell hides the chat from whom the chat would refuse.
  chat: (actor, network, can) => !!can.read && mayChat(actor, networkSettingsSchema.parse(network.settings)),
  /**
   * Every member may write direct messages (to whom, the messages module decides); guests as far
   * as the network lets them chat, the same setting deciding both.
   */
  send_direct_messages: (actor, network, can) =>
    !!can.read && mayChat(actor, networkSettingsSchema.parse(network.settings)),
});
