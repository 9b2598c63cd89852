import { IconMail } from '@tabler/icons-react';
import type { FeatureModule } from '../../app/registry.ts';
import { unreadMessages } from './lib/compose.ts';
import { MessagesBar } from './messages-bar.tsx';

export { maySendMessages, unreadMessages } from './lib/compose.ts';

const listPage = () => import('./pages/message-list-page.tsx');
const inbox = () => listPage().then((m) => ({ Component: m.InboxPage }));
const sent = () => listPage().then((m) => ({ Component: m.SentMessagesPage }));
const newMessage = () => import('./pages/new-message-page.tsx').then((m) => ({ Component: m.NewMessagePage }));

/**
 * Direct messages (communication spec, sections 2 to 9): the inbox and the sent list ten at a
 * time, a message with its conversation, and the composer (new, reply, reply to all, forward);
 * within a group the messages that went to it.
 */
export const messagesFeature: FeatureModule = {
  key: 'messages',
  namespaces: ['messages'],
  routes: [
    { path: 'messages', lazy: inbox },
    { path: 'messages/sent', lazy: sent },
    { path: 'messages/new', lazy: newMessage },
    {
      path: 'messages/:messageId',
      lazy: () => import('./pages/message-page.tsx').then((m) => ({ Component: m.MessagePage })),
    },
    { path: 'groups/:groupSlug/messages', lazy: inbox },
    { path: 'groups/:groupSlug/messages/sent', lazy: sent },
    { path: 'groups/:groupSlug/messages/new', lazy: newMessage },
  ],
  userbar: [
    {
      module: 'messages',
      label: 'messages:module',
      icon: IconMail,
      path: '/messages',
      // After activities (10), before calendars (30).
      order: 20,
      unread: unreadMessages,
      bar: MessagesBar,
    },
  ],
  userMenu: [
    {
      key: 'messages',
      label: 'messages:module',
      section: 'personal',
      // After the notifications (10), before the group invitations (20).
      order: 15,
      path: () => '/messages',
      unread: unreadMessages,
    },
  ],
};
