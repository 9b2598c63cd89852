import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MUTED_FOREVER, type Chat, type MuteChatPayload } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { ME, testChat } from '../client/fixtures.ts';
import { MuteMenu } from './mute-menu.tsx';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

function renderMenu(chat: Chat) {
  openChatConnection(ME);
  const socket = FakeSocket.last;
  socket.answers.mute_chat = (payload) => ok({ ...chat.state, muted_until: (payload as MuteChatPayload).muted_until });
  socket.answers.unmute_chat = () => ok({ ...chat.state, muted_until: null });
  return { socket, ...renderUi(<MuteMenu chat={chat} />) };
}

describe('MuteMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    forgetChatCredentials();
    stubFetch({
      'POST /api/v1/chat_token': {
        status: 200,
        body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
      },
    });
  });
  afterEach(() => closeChatConnection());

  it('mutes for an hour', async () => {
    const { socket } = renderMenu(testChat());
    // (Mantine's open menu holds a focus helper axe objects to in jsdom: checked closed.)
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Chat stummschalten' }));
    const hour = await screen.findByRole('menuitem', { name: 'Für eine Stunde' });
    expect(screen.queryByRole('menuitem', { name: 'Stummschaltung aufheben' })).toBeNull();
    const before = Date.now();
    fireEvent.click(hour);
    await waitFor(() => expect(socket.emittedOf('mute_chat')).toHaveLength(1));
    const payload = socket.emittedOf('mute_chat')[0]!.payload as MuteChatPayload;
    const until = Date.parse(payload.muted_until);
    expect(until - before).toBeGreaterThanOrEqual(3600_000);
    expect(until - before).toBeLessThan(3600_000 + 5000);
  });

  it('shows a muted chat as muted and unmutes it', async () => {
    const { socket } = renderMenu(testChat({ state: { ...testChat().state, muted_until: CHAT_MUTED_FOREVER } }));
    fireEvent.click(screen.getByRole('button', { name: 'Für immer stummgeschaltet' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Stummschaltung aufheben' }));
    await waitFor(() => expect(socket.emittedOf('unmute_chat')[0]!.payload).toEqual({ chat_id: testChat().id }));
  });
});
