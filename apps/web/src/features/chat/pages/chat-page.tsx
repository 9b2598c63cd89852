import { Box, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CHAT_ID_PATTERN } from '@agora/contracts';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { goToChatView } from '../client/navigation.ts';
import { closeChatDrawer } from '../components/panel-state.ts';

const ChatPanel = lazy(() => import('../components/chat-panel.tsx').then((m) => ({ default: m.ChatPanel })));

/** `/chat` (and `/chat/{chatId}`): the chat panel as a page of its own, the whole width. */
export function ChatPage() {
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
