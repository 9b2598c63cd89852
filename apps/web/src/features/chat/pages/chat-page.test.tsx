import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { networkShell } from '../../../testing/network-shell.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { ME } from '../client/fixtures.ts';
import { currentChatView, goToChatView } from '../client/navigation.ts';
import { ChatPage } from './chat-page.tsx';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

/** The app as it is when a page shows: the shell loaded, the member's connection open. */
function openPage(path: string, { chat = true } = {}) {
  stubFetch({
    'GET /api/v1/network': { status: 200, body: networkShell({ chat }) },
    'POST /api/v1/chat_token': {
      status: 200,
      body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
    },
  });
  openChatConnection(ME);
  FakeSocket.last.answers.my_chats = () => ok({ chats: [], has_more: false });
  return renderRoutes([{ path: '/chat/*', element: <ChatPage /> }], path);
}

describe('ChatPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    goToChatView({ name: 'root' });
  });
  afterEach(() => closeChatConnection());

  it('shows the chat list as a page', async () => {
    openPage('/chat');
    expect(await screen.findByRole('heading', { name: 'Chat' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chat schließen' })).toBeNull();
  });

  it('opens the chat of its address (/chat/{chatId})', async () => {
    openPage('/chat/network');
    await waitFor(() => expect(currentChatView()).toEqual({ name: 'showChat', chatId: 'network' }));
  });

  it('tells a member who may not chat so at once, with the way on, and asks the chat for nothing', async () => {
    openPage('/chat', { chat: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat nicht verfügbar' })).toBeTruthy();
    expect(screen.getByText(/Der Chat steht Ihnen in diesem Netzwerk nicht zur Verfügung/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    // No panel: no status menu ("Online"), no loading, no error, no retry.
    expect(screen.queryByTestId('chat-page')).toBeNull();
    expect(screen.queryByText('Online')).toBeNull();
    expect(screen.queryByText(/konnten nicht geladen werden/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    expect(FakeSocket.last.emitted).toEqual([]);
  });

  it('does not open a chat of its address for a member who may not chat', async () => {
    openPage('/chat/network', { chat: false });
    await screen.findByRole('heading', { level: 1, name: 'Chat nicht verfügbar' });
    expect(currentChatView()).toEqual({ name: 'root' });
  });
});
