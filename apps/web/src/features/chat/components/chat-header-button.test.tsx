import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat, ChatProfile } from '@agora/contracts';
import { setPageTitleSuffix } from '../../../app/shell/page-title.ts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { clearRecentPushes } from '../client/cache.ts';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { DIRECT, ME, testChat, testMessage } from '../client/fixtures.ts';
import { goToChatView } from '../client/navigation.ts';
import { ChatHeaderButton } from './chat-header-button.tsx';
import { closeChatDrawer } from './panel-state.ts';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

const profile = (chat: boolean): ChatProfile => ({
  id: ME,
  name: 'Anna Adler',
  image_id: null,
  is_external: false,
  status: { type: 'online', text: '' },
  can: { chat, start_private_chats: true },
});

const unread = (id: string, count: number): Chat =>
  testChat({ id, name: id, state: { ...testChat().state, unread_count: count } });

function renderButton(options: { chat?: boolean; chats?: Chat[]; path?: string } = {}) {
  openChatConnection(ME);
  const socket = FakeSocket.last;
  socket.answers.my_profile = () => ok(profile(options.chat ?? true));
  socket.answers.my_chats = () => ok({ chats: options.chats ?? [], has_more: false });
  socket.answers.network_info = () => ok({ online: [], show_online_status: true });
  const view = renderUi(<ChatHeaderButton />, { path: options.path ?? '/' });
  return { socket, ...view };
}

describe('ChatHeaderButton', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    clearRecentPushes();
    closeChatDrawer();
    goToChatView({ name: 'root' });
    setPageTitleSuffix('Acme');
    stubFetch({
      'POST /api/v1/chat_token': {
        status: 200,
        body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
      },
    });
  });
  afterEach(() => closeChatConnection());

  it('counts chats with unread messages on the button and in the tab title, and opens the chat', async () => {
    const { socket } = renderButton({ chats: [unread(DIRECT, 4), unread('network', 0), unread('group/x', 1)] });
    const button = await screen.findByRole('button', { name: 'Chat: 2 Chats mit ungelesenen Nachrichten' });
    expect(document.title).toBe('(2) Acme');

    socket.push('message', testMessage(9, { chat_id: 'network', revision: 9 }));
    await waitFor(() => expect(document.title).toBe('(3) Acme'));

    fireEvent.click(button);
    // The drawer and its panel load when the drawer first opens.
    expect(await screen.findByRole('heading', { name: 'Chat' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('chat-drawer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chat schließen' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Chat' })).toBeNull());
  });

  it('is not there for members who may not chat', async () => {
    const { socket } = renderButton({ chat: false });
    await waitFor(() => expect(socket.emittedOf('my_profile')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('chat-button')).toBeNull();
  });

  it('is hidden on the legal pages', async () => {
    const { socket } = renderButton({ path: '/legal/terms' });
    await waitFor(() => expect(socket.emittedOf('my_profile')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('chat-button')).toBeNull();
  });
});
