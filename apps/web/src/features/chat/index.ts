import type { FeatureModule } from '../../app/registry.ts';
import { mayChatIn } from './client/may-chat.ts';
import { ChatHeaderButton } from './components/chat-header-button.tsx';

export { onReconnect, onSocketEvent, openChatConnection } from './client/connection.ts';
export { useMayChat } from './client/may-chat.ts';
export { useOpenDirectChat } from './client/open-direct-chat.ts';
export { useChatProfile, useMyChats } from './client/store.ts';
export { ChatListItem } from './components/chat-list-item.tsx';

export const chatFeature: FeatureModule = {
  key: 'chat',
  namespaces: ['chat', 'chat-room'],
  routes: [
    {
      path: 'chat/*',
      lazy: () => import('./pages/chat-page.tsx').then((m) => ({ Component: m.ChatPage })),
    },
  ],
  // Not even mounted for a member who may not chat: no button, drawer, badge or chat requests.
  headerActions: [{ key: 'chat', order: 10, component: ChatHeaderButton, visible: mayChatIn }],
};
