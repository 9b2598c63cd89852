import { Box, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CHAT_ID_PATTERN } from '@agora/contracts';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { useMayChat } from '../client/may-chat.ts';
import { goToChatView } from '../client/navigation.ts';
import { closeChatDrawer } from '../components/panel-state.ts';

const ChatPanel = lazy(() => import('../components/chat-panel.tsx').then((m) => ({ default: m.ChatPanel })));

/**
 * `/chat` (and `/chat/{chatId}`): the chat panel as a page of its own, the whole width. A member
 * who may not chat (a guest where the network keeps guests out of the chat) is told so at once,
 * with the ways on, instead of a panel that would wait for chats the server refuses.
 */
export function ChatPage() {
  const mayChat = useMayChat();
  // The shell loads before any page: undefined only for a moment, if ever.
  if (mayChat === undefined) return null;
  if (!mayChat) return <NotFoundPage kind="chat" reason="forbidden" />;
  return <ChatPanelPage />;
}

function ChatPanelPage() {
  const { t } = useTranslation('chat');
  usePageTitle(t('title'));
  const chatId = useParams()['*'];
  useEffect(() => {
    closeChatDrawer();
    if (chatId && CHAT_ID_PATTERN.test(chatId)) goToChatView({ name: 'showChat', chatId });
  }, [chatId]);

  return (
    <Box h="calc(100dvh - var(--app-shell-header-height, 60px))" data-testid="chat-page">
      <Suspense fallback={<Loader m="md" size="sm" />}>
        <ChatPanel />
      </Suspense>
    </Box>
  );
}
