import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MUTED_FOREVER } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket } from '../client/fake-socket.ts';
import { DIRECT, ME, testChat, testMessage } from '../client/fixtures.ts';
import { chatKeys } from '../client/keys.ts';
import { goToChatView, registerVisiblePanel } from '../client/navigation.ts';
import { setDesktopNotifications, useChatDesktopNotifications } from './desktop-notifications.ts';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

const shown: Array<{ title: string; body?: string }> = [];
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
  close() {}
}

function setup(muted = false) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(chatKeys.chats, [
    testChat({ state: { ...testChat().state, muted_until: muted ? CHAT_MUTED_FOREVER : null } }),
  ]);
  openChatConnection(ME);
  renderHook(() => useChatDesktopNotifications(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });
  return FakeSocket.last;
}

describe('desktop notifications', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    stubFetch({});
    shown.length = 0;
    FakeNotification.permission = 'default';
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.clear();
    goToChatView({ name: 'root' });
  });
  afterEach(() => {
    closeChatConnection();
    vi.unstubAllGlobals();
  });

  it('are off until the member turns them on and the browser allows them', async () => {
    const socket = setup();
    socket.push('message', testMessage(1));
    expect(shown).toEqual([]);

    expect(await setDesktopNotifications(true)).toBe(true);
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    expect(localStorage.getItem('agora.chat.desktop_notifications')).toBe('on');
    socket.push('message', testMessage(2, { text: 'Kommst du?' }));
    expect(shown).toEqual([{ title: 'Berta Berg', body: 'Kommst du?' }]);
  });

  it('leave out my own messages, muted chats and the chat in view', async () => {
    await setDesktopNotifications(true);
    const socket = setup();
    socket.push('message', testMessage(1, { from: { id: ME, name: 'Anna', image_id: null } }));
    const unregister = registerVisiblePanel();
    goToChatView({ name: 'showChat', chatId: DIRECT });
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    socket.push('message', testMessage(2));
    expect(shown).toEqual([]);
    // Out of focus, the open chat notifies too.
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    socket.push('message', testMessage(3));
    expect(shown).toHaveLength(1);
    unregister();
  });

  it('stay silent for a muted chat', async () => {
    await setDesktopNotifications(true);
    const socket = setup(true);
    socket.push('message', testMessage(1));
    expect(shown).toEqual([]);
  });
});
