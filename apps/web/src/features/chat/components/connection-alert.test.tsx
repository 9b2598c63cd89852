import { screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { renderUi } from '../../../ui/testing.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from '../client/connection.ts';
import { forgetChatCredentials } from '../client/credentials.ts';
import { FakeSocket } from '../client/fake-socket.ts';
import { ConnectionAlert } from './connection-alert.tsx';

vi.mock('socket.io-client', async () => ({ io: (await import('../client/fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

const token = {
  status: 200,
  body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
};

describe('ConnectionAlert', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    forgetChatCredentials();
  });
  afterEach(() => closeChatConnection());

  it('says connecting, then nothing, reconnecting when the connection drops', async () => {
    stubFetch({ 'POST /api/v1/chat_token': token });
    FakeSocket.sockets = [];
    renderUi(<ConnectionAlert />);
    act(() => {
      openChatConnection('m1');
      FakeSocket.last.autoAccept = false;
    });
    expect(screen.getByText('Connecting …')).toBeTruthy();
    await act(async () => FakeSocket.last.accept());
    expect(screen.queryByTestId('chat-connection')).toBeNull();
    act(() => FakeSocket.last.drop());
    expect(screen.getByText('The connection was lost. Reconnecting …')).toBeTruthy();
  });

  it('says connection failed when no credentials could be fetched', async () => {
    stubFetch({ 'POST /api/v1/chat_token': { status: 500 } });
    renderUi(<ConnectionAlert />);
    act(() => void openChatConnection('m1'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Connection failed. New attempt in a few seconds.')).toBeTruthy();
  });
});
