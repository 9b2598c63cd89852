import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { closeChatConnection, openChatConnection } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { ME } from '../client/fixtures.ts';
import { currentChatView, goToChatView } from '../client/navigation.ts';
import { ChatPage } from './chat-page.tsx';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));

describe('ChatPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    goToChatView({ name: 'root' });
    stubFetch({
      'POST /api/v1/chat_token': {
        status: 200,
        body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
      },
    });
    openChatConnection(ME);
    FakeSocket.last.answers.my_chats = () => ok({ chats: [], has_more: false });
  });
  afterEach(() => closeChatConnection());

  it('shows the chat list as a page', async () => {
    renderRoutes([{ path: '/chat/*', element: <ChatPage /> }], '/chat');
    expect(await screen.findByRole('heading', { name: 'Chat' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat schließen' })).toBeNull();
  });

  it('opens the chat of its address (/chat/{chatId})', async () => {
    renderRoutes([{ path: '/chat/*', element: <ChatPage /> }], '/chat/network');
    await waitFor(() => expect(currentChatView()).toEqual({ name: 'showChat', chatId: 'network' }));
  });
});
