import { defineModule } from '../../platform/loader/index.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';
import { seedDemoMessages } from '../../seed/demo-messages.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { messageRoutes } from './routes.ts';
import { MESSAGE_OWNER } from './send.ts';
import { createMessagesService } from './service.ts';

type Needs = {
  groups: GroupsService;
  members: MembersService;
  networks: NetworksService;
  notifications: NotificationsService;
  accounts: AccountsService;
  memberSettings: MemberSettingsService;
  ignoredMembers: IgnoredMembersService;
};

/** Direct messages: the inbox, the sent list, sending to members, groups and everyone. */
export const messagesModule = defineModule({
  name: 'messages',
  needs: ['groups', 'members', 'networks', 'notifications', 'accounts', 'memberSettings', 'ignoredMembers'],
  create: (platform, needs: Needs) =>
    createMessagesService({
      ...needs,
      db: platform.db,
      events: platform.events,
      storage: platform.storage,
      mailer: platform.mailer,
      realtime: platform.realtime,
      publicUrl: platform.config.publicUrl,
    }),
  routes: (messages) => [messageRoutes({ messages })],
  processors: (messages) => messages.processors,
  storageOwners: (messages) => ({ [MESSAGE_OWNER]: messages.ownerPolicy }),
  unreadCounters: (messages) => ({ Messages: messages.messageUnreads }),
  searchSources: (messages) => [messages.searchSource],
  // `GET /translations/{lang}/message/{id}`: the subject and content of a message the member may read.
  translatables: (messages) => ({ message: (actor, id) => messages.translatableFields(actor, id) }),
  demo: (demo: DemoNetwork) => seedDemoMessages(demo),
});
