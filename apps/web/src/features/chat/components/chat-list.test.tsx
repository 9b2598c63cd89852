import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat, ChatProfile } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { clearRecentPushes } from '../client/cache.ts';
import { stopComposing, noteComposing } from '../client/composing.ts';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { ME, testChat, testMessage } from '../client/fixtures.ts';
import { currentChatView, goToChatView } from '../client/navigation.ts';
import { ChatList } from './chat-list.tsx';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

const profile: ChatProfile = {
  id: ME,
  name: 'Anna Adler',
  image_id: null,
  is_external: false,
  status: { type: 'online', text: 'Im Büro' },
  can: { chat: true, start_private_chats: true },
};

function renderList(chats: Chat[]) {
  openChatConnection(ME);
  FakeSocket.last.answers.my_chats = () => ok({ chats, has_more: false });
  FakeSocket.last.answers.my_profile = () => ok(profile);
  return renderUi(<ChatList onClose={() => undefined} />);
}

const today = new Date();
today.setHours(9, 5, 0, 0);

describe('ChatList', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    clearRecentPushes();
    goToChatView({ name: 'root' });
    stubFetch({
      'POST /api/v1/chat_token': {
        status: 200,
        body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
      },
    });
  });
  afterEach(() => closeChatConnection());

  it('shows an empty state with a way to start a chat', async () => {
    renderList([]);
    expect(await screen.findByText('Noch keine Chats')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Neuer Chat' })[0]!);
    expect(currentChatView()).toEqual({ name: 'newChat' });
  });

  it('lists chats with last message, time, unread count, muted state and presence', async () => {
    const chats = [
      testChat({
        last_message: {
          ...testMessage(4, { text: 'Bis morgen!\nGruß' }),
          files: 0,
          images: 0,
          created_at: today.toISOString(),
        },
        state: { ...testChat().state, unread_count: 3 },
        status: { type: 'online', text: '' },
      }),
      testChat({
        id: 'network',
        kind: 'network',
        name: 'Acme',
        partner: null,
        partner_state: null,
        status: null,
        last_message: {
          ...testMessage(2, { from: { id: ME, name: 'Anna Adler', image_id: null }, text: '' }),
          files: 2,
          images: 0,
          created_at: '2026-03-05T10:00:00.000Z',
        },
        state: { ...testChat().state, muted_until: '9999-12-31T23:59:59.000Z' },
      }),
      testChat({
        id: `group/${'d'.repeat(24)}`,
        kind: 'group',
        name: 'Redaktion',
        partner: null,
        status: null,
        last_message: {
          ...testMessage(3, { text: 'x', deleted_at: '2026-03-05T11:00:00.000Z' }),
          files: 0,
          images: 0,
          created_at: '2026-03-05T10:00:00.000Z',
        },
      }),
    ];
    renderList(chats);
    const items = await screen.findAllByTestId('chat-list-item');
    expect(items).toHaveLength(3);
    const direct = within(items[0]!);
    expect(direct.getByText('Berta Berg')).toBeTruthy();
    expect(direct.getByText('Bis morgen! Gruß')).toBeTruthy();
    expect(direct.getByText('09:05')).toBeTruthy();
    expect(direct.getByText('3 ungelesene Nachrichten')).toBeTruthy();
    expect(items[0]!.querySelector('[data-presence="online"]')).toBeTruthy();

    const network = within(items[1]!);
    expect(network.getByText('Sie: 📎 2 Dateien')).toBeTruthy();
    expect(network.getByText('05.03.2026')).toBeTruthy();
    expect(network.getByText('Stummgeschaltet')).toBeTruthy();
    expect(within(items[2]!).getByText('Berta Berg: Diese Nachricht wurde gelöscht')).toBeTruthy();
    expect(screen.queryByTestId('chat-quick-select')).toBeNull();

    fireEvent.click(items[1]!);
    expect(currentChatView()).toEqual({ name: 'showChat', chatId: 'network' });
    expect(await axeViolations()).toEqual([]);
  });

  it('offers the quick-select of the 10 most recent chats above a longer list', async () => {
    const chats = Array.from({ length: 12 }, (_, i) =>
      testChat({
        id: `member/${ME}:${String(i).padStart(24, 'e')}`,
        name: `Chat ${i + 1}`,
        last_interacted_at: new Date(Date.UTC(2026, 10, 20, 12 - i)).toISOString(),
      }),
    );
    renderList(chats);
    const quick = await screen.findByTestId('chat-quick-select');
    const buttons = within(quick).getAllByRole('button');
    expect(buttons).toHaveLength(10);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Chat 1');
    fireEvent.click(buttons[9]!);
    expect(currentChatView()).toEqual({ name: 'showChat', chatId: chats[9]!.id });
    await waitFor(() => expect(screen.getAllByTestId('chat-list-item')).toHaveLength(12));
  });

  it('shows who is typing in place of the last message, until they stop', async () => {
    const chat = testChat({
      name: 'Max Meier',
      last_message: {
        ...testMessage(4, { text: 'Bis morgen!' }),
        files: 0,
        images: 0,
        created_at: today.toISOString(),
      },
    });
    renderList([chat]);
    const item = await screen.findByTestId('chat-list-item');
    expect(within(item).getByText('Bis morgen!')).toBeTruthy();

    act(() => noteComposing(chat.id, { id: 'e'.repeat(24), name: 'Max Meier', image_id: null }));
    expect(within(item).getByTestId('composing-text').textContent).toBe('Max Meier schreibt …');
    expect(within(item).queryByText('Bis morgen!')).toBeNull();

    act(() => stopComposing(chat.id, 'e'.repeat(24)));
    expect(within(item).queryByTestId('composing-text')).toBeNull();
    expect(within(item).getByText('Bis morgen!')).toBeTruthy();
  });
});
