import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatProfile, SetStatusPayload } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket, ok } from '../client/fake-socket.ts';
import { ME } from '../client/fixtures.ts';
import { StatusMenu } from './status-menu.tsx';
import { normalizeStatusText, statusTextFor } from './status-text.ts';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

function renderMenu(status: ChatProfile['status']) {
  openChatConnection(ME);
  const socket = FakeSocket.last;
  const profile: ChatProfile = {
    id: ME,
    name: 'Anna',
    image_id: null,
    is_external: false,
    status,
    can: { chat: true, start_private_chats: true },
  };
  socket.answers.my_profile = () => ok(profile);
  socket.answers.set_status = (payload) => {
    const { type, text } = payload as SetStatusPayload;
    return ok({ ...profile, status: { type, text: text ?? '' } });
  };
  return { socket, ...renderUi(<StatusMenu />) };
}

describe('status text', () => {
  it('turns newlines into spaces and fills the default of online and busy', () => {
    expect(normalizeStatusText('Im\nBüro\r\nbis 5')).toBe('Im Büro bis 5');
    const defaults = { online: 'Verfügbar', busy: 'Beschäftigt' };
    expect(statusTextFor('busy', '  ', defaults)).toBe('Beschäftigt');
    expect(statusTextFor('online', 'Im Büro', defaults)).toBe('Im Büro');
    expect(statusTextFor('invisible', '', defaults)).toBe('');
  });
});

describe('StatusMenu', () => {
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

  it('sets invisible at once', async () => {
    const { socket } = renderMenu({ type: 'online', text: 'Im Büro' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ihr Status: Online' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unsichtbar' }));
    await waitFor(() => expect(socket.emittedOf('set_status')).toHaveLength(1));
    expect(socket.emittedOf('set_status')[0]!.payload).toEqual({ type: 'invisible', text: 'Im Büro' });
    expect(await screen.findByRole('button', { name: 'Ihr Status: Unsichtbar' })).toBeTruthy();
  });

  it('offers the default text for busy and keeps the status text within 100 characters', async () => {
    const { socket } = renderMenu({ type: 'invisible', text: '' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ihr Status: Unsichtbar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Beschäftigt' }));
    const text = await screen.findByRole('textbox', { name: 'Statustext' });
    expect((text as HTMLInputElement).value).toBe('Beschäftigt');

    fireEvent.change(text, { target: { value: 'x'.repeat(101) } });
    expect(await screen.findByText('Höchstens 100 Zeichen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Speichern' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(text, { target: { value: 'In einer\nBesprechung' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(socket.emittedOf('set_status')).toHaveLength(1));
    expect(socket.emittedOf('set_status')[0]!.payload).toEqual({ type: 'busy', text: 'In einer Besprechung' });
  });
});
