import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatProfile } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { DIRECT, ME, PARTNER, testChat } from '../client/fixtures.ts';
import { currentChatView, goToChatView } from '../client/navigation.ts';
import { NewChat } from './new-chat.tsx';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

const GROUP = 'd'.repeat(24);
const token = {
  status: 200,
  body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
};
const directory = (q: string) => ({
  [`GET /directory?q=${q}&only_my_groups=true&only_chat_enabled=true`]: {
    status: 200,
    body: {
      groups: [
        {
          type: 'group',
          id: GROUP,
          slug: 'redaktion',
          name: 'Redaktion',
          category: { id: 'c', name: 'Teams' },
          chat_enabled: true,
        },
      ],
      membership_roles: [],
      limit: 20,
    },
  },
});
const members = {
  'GET /members?q=be': {
    status: 200,
    body: {
      members: [
        { id: PARTNER, displayName: 'Berta Berg', images: { small: null }, is_external: false },
        { id: ME, displayName: 'Anna Adler (ich)', images: { small: null }, is_external: false },
      ],
      total: 2,
      limit: 20,
      offset: 0,
    },
  },
};

function renderNewChat(startPrivate: boolean) {
  openChatConnection(ME);
  const socket = FakeSocket.last;
  const profile: ChatProfile = {
    id: ME,
    name: 'Anna',
    image_id: null,
    is_external: !startPrivate,
    status: { type: 'online', text: '' },
    can: { chat: true, start_private_chats: startPrivate },
  };
  socket.answers.my_profile = () => ok(profile);
  socket.answers.create_chat = () => ok(testChat());
  return { socket, ...renderUi(<NewChat />) };
}

describe('NewChat', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    goToChatView({ name: 'root' });
    goToChatView({ name: 'newChat' });
  });
  afterEach(() => closeChatConnection());

  it('searches members and my chat groups, and starts a chat with the one picked', async () => {
    const calls = stubFetch({ 'POST /api/v1/chat_token': token, ...directory(''), ...directory('be'), ...members });
    const { socket } = renderNewChat(true);
    expect(await screen.findByText('Redaktion')).toBeTruthy();
    const search = screen.getByRole('textbox', { name: 'Mitglieder und Gruppen suchen' });
    fireEvent.change(search, { target: { value: 'b' } });
    fireEvent.change(search, { target: { value: 'be' } });
    expect(await screen.findByText('Berta Berg')).toBeTruthy();
    expect(screen.queryByText('Anna Adler (ich)')).toBeNull();
    expect(screen.getByText('Gruppe · Teams')).toBeTruthy();
    // One request per pause in typing (300 ms), not per keystroke.
    expect(calls.filter((c) => c.path.includes('q=b&'))).toEqual([]);
    expect(calls.filter((c) => c.path.startsWith('/members')).length).toBe(1);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByText('Berta Berg'));
    await waitFor(() => expect(currentChatView()).toEqual({ name: 'showChat', chatId: DIRECT }));
    expect(socket.emittedOf('create_chat')[0]!.payload).toEqual({ type: 'member', id: PARTNER });
  });

  it('offers only groups to members who may not start private chats', async () => {
    const calls = stubFetch({ 'POST /api/v1/chat_token': token, ...directory(''), ...directory('be'), ...members });
    const { socket } = renderNewChat(false);
    expect(await screen.findByText('Sie können in Ihren Gruppen chatten.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'be' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('q=be&'))).toBe(true));
    expect(calls.some((c) => c.path.startsWith('/members'))).toBe(false);
    expect(screen.queryByText('Berta Berg')).toBeNull();

    fireEvent.click(screen.getByText('Redaktion'));
    await waitFor(() => expect(socket.emittedOf('create_chat')[0]!.payload).toEqual({ type: 'group', id: GROUP }));
  });
});
