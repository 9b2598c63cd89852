import { archiveRoutes } from '../../platform/storage/archive-routes.ts';
import { defineModule } from '../../platform/loader/index.ts';
import { seedDemoChat } from '../../seed/demo-chat.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { CHAT_MESSAGE_OWNER } from './files.ts';
import { createChatPresence, type ChatPresence } from './presence.ts';
import { groupRoomsProcessor } from './group-rooms.ts';
import { chatCacheInvalidations } from './access-cache.ts';
import { createChatService } from './service.ts';

/** Who is online, busy or invisible, across the network's server processes. */
export const chatPresenceModule = defineModule({
  name: 'chatPresence',
  needs: ['members', 'networks'],
  create: (platform, needs: { members: MembersService; networks: NetworksService }) =>
    createChatPresence({ db: platform.db, realtime: platform.realtime, log: platform.log, ...needs }),
  // Its connection hooks go on once the realtime server is attached to the HTTP server.
  ready: (presence) => presence.register(),
});

type ChatNeeds = {
  members: MembersService;
  groups: GroupsService;
  networks: NetworksService;
  chatPresence: ChatPresence;
  ignoredMembers: IgnoredMembersService;
};

/** Direct, group and network chats over the realtime connection. */
export const chatModule = defineModule({
  name: 'chat',
  needs: ['members', 'groups', 'networks', 'chatPresence', 'ignoredMembers'],
  create: (platform, needs: ChatNeeds) =>
    createChatService({
      db: platform.db,
      events: platform.events,
      members: needs.members,
      groups: needs.groups,
      networks: needs.networks,
      ignoredMembers: needs.ignoredMembers,
      storage: platform.storage,
      realtime: platform.realtime,
      statusOf: (networkId, memberIds) => needs.chatPresence.statusOf(networkId, memberIds),
      log: platform.log,
      cache: platform.cache,
    }),
  cacheInvalidations: chatCacheInvalidations,
  storageOwners: (chat) => ({ [CHAT_MESSAGE_OWNER]: chat.storageOwner }),
  processors: (chat, needs, platform) => [
    groupRoomsProcessor({ chat, members: needs.members, realtime: platform.realtime }),
  ],
  routes: (chat, _needs, platform) => [
    // The zip downloads of stored files, and of a chat message's files, whose readers the chat knows.
    archiveRoutes({
      reader: platform.storage,
      secret: platform.config.sessionSecret,
      chatMessageFiles: (actor, messageId) => chat.messageFileIds(actor, messageId),
    }),
  ],
  demo: async (demo: DemoNetwork): Promise<void> => void (await seedDemoChat(demo.services, demo)),
});
