import type { FeatureModule } from '../../app/registry.ts';
import { ChatHeaderButton } from './components/chat-header-button.tsx';

export const chatFeature: FeatureModule = {
  key: 'chat',
  routes: [
    {
      path: 'chat/*',
      lazy: () => import('./pages/chat-page.tsx').then((m) => ({ Component: m.ChatPage })),
    },
  ],
  headerActions: [{ key: 'chat', order: 10, component: ChatHeaderButton }],
};
