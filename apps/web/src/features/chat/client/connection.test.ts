import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TIMINGS } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import {
  chatConnectionState,
  closeChatConnection,
  onReconnect,
  openChatConnection,
  useChatAuthorizationError,
  loadSocketIo,
  setSocketIoImport,
} from './connection.ts';
import { chatCredentials, credentialRetryDelay, forgetChatCredentials } from './credentials.ts';
import { FakeSocket } from './fake-socket.ts';
import { renderHook } from '@testing-library/react';

vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 21, 8, 0);

function tokenAnswer(token: string, from = Date.now()) {
  return { status: 200, body: { token, expires_at: new Date(from + 3 * HOUR).toISOString(), expires_in: 10800 } };
}

const tokenCalls = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/chat_token').length;

describe('chat credentials', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    forgetChatCredentials();
  });
  afterEach(() => {
    closeChatConnection();
    vi.useRealTimers();
  });

  it('are fetched once and kept for their lifetime, in memory and in sessionStorage', async () => {
    const calls = stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    expect(await chatCredentials('m1')).toBe('t1');
    expect(await chatCredentials('m1')).toBe('t1');
    expect(tokenCalls(calls)).toBe(1);
    expect(JSON.parse(sessionStorage.getItem('agora.chat_token')!)).toMatchObject({ member_id: 'm1', token: 't1' });

    // Another member signed in on this tab: not theirs.
    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t2') });
    expect(await chatCredentials('m2')).toBe('t2');
  });

  it('are fetched anew 3 minutes before they expire', async () => {
    const calls = stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    await chatCredentials('m1');
    vi.setSystemTime(NOW + 3 * HOUR - CHAT_TIMINGS.credentialRefreshBeforeMs - 1000);
    await chatCredentials('m1');
    expect(tokenCalls(calls)).toBe(1);
    vi.setSystemTime(NOW + 3 * HOUR - CHAT_TIMINGS.credentialRefreshBeforeMs + 1000);
    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t-new') });
    expect(await chatCredentials('m1')).toBe('t-new');
  });

  it('share one request between concurrent callers', async () => {
    const calls = stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    expect(await Promise.all([chatCredentials('m1'), chatCredentials('m1')])).toEqual(['t1', 't1']);
    expect(tokenCalls(calls)).toBe(1);
  });

  it('retry after a random 5 to 10 seconds', () => {
    expect(credentialRetryDelay(() => 0)).toBe(5000);
    expect(credentialRetryDelay(() => 0.5)).toBe(7500);
    expect(credentialRetryDelay(() => 0.999999)).toBe(10000);
  });
});

describe('the chat connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    forgetChatCredentials();
    FakeSocket.sockets = [];
  });
  afterEach(() => {
    closeChatConnection();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects with the credentials as auth token and reports its states', async () => {
    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    openChatConnection('m1');
    expect(chatConnectionState()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.last;
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      reconnectionDelay: CHAT_TIMINGS.reconnectMs,
      reconnectionDelayMax: CHAT_TIMINGS.reconnectMs,
    });
    expect(socket.authData).toEqual({ token: 't1' });
    expect(chatConnectionState()).toBe('connected');

    const reconnected = vi.fn();
    onReconnect(reconnected);
    socket.drop();
    expect(chatConnectionState()).toBe('reconnecting');
    socket.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(chatConnectionState()).toBe('connected');
    expect(reconnected).toHaveBeenCalledTimes(1);

    closeChatConnection();
    expect(chatConnectionState()).toBe('closed');
  });

  it('fails with fetch_credentials_failed and tries again after 5-10 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    stubFetch({ 'POST /api/v1/chat_token': { status: 503, body: { error: 'unavailable' } } });
    const error = renderHook(() => useChatAuthorizationError());
    openChatConnection('m1');
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.last;
    expect(chatConnectionState()).toBe('failed');
    expect(error.result.current).toBe('fetch_credentials_failed');
    expect(socket.connectCalls).toBe(1);

    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    await vi.advanceTimersByTimeAsync(7499);
    expect(socket.connectCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connectCalls).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(chatConnectionState()).toBe('connected');
    expect(error.result.current).toBeNull();
  });

  it('fetches new credentials when the server refuses the handshake', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const calls = stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    openChatConnection('m1');
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.last;
    socket.refuse('unauthorized');
    expect(chatConnectionState()).toBe('failed');
    await vi.advanceTimersByTimeAsync(5000);
    expect(tokenCalls(calls)).toBe(2);
    expect(chatConnectionState()).toBe('connected');
  });

  it('comes back after the server ended the connection (a process shutting down)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    openChatConnection('m1');
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.last;
    socket.drop('io server disconnect');
    expect(chatConnectionState()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(5000);
    expect(socket.connectCalls).toBe(2);
    expect(chatConnectionState()).toBe('connected');
  });

  it('forgets the credentials when closed (they name the session that signed out)', async () => {
    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    openChatConnection('m1');
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionStorage.getItem('agora.chat_token')).not.toBeNull();
    closeChatConnection();
    expect(sessionStorage.getItem('agora.chat_token')).toBeNull();
  });

  it('keeps the cached credentials fresh while connected', async () => {
    const calls = stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    openChatConnection('m1');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(3 * HOUR - CHAT_TIMINGS.credentialRefreshBeforeMs);
    expect(tokenCalls(calls)).toBe(2);
  });
});

describe('the chat connection while socket.io-client does not load', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    forgetChatCredentials();
    FakeSocket.sockets = [];
  });
  afterEach(async () => {
    closeChatConnection();
    vi.useRealTimers();
    vi.restoreAllMocks();
    setSocketIoImport();
    await loadSocketIo();
  });

  it('fails, and tries again after 5-10 s until it loads, then connects', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    stubFetch({ 'POST /api/v1/chat_token': tokenAnswer('t1') });
    const client = await import('socket.io-client');
    let imports = 0;
    setSocketIoImport(() => {
      imports += 1;
      // Offline for the first two attempts, as when the chunk cannot be fetched.
      return imports <= 2
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(client);
    });

    openChatConnection('m1');
    expect(chatConnectionState()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    expect(chatConnectionState()).toBe('failed');
    expect(FakeSocket.sockets).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(7499);
    expect(imports).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(imports).toBe(2);
    expect(chatConnectionState()).toBe('failed');

    await vi.advanceTimersByTimeAsync(7500);
    expect(imports).toBe(3);
    expect(FakeSocket.last.authData).toEqual({ token: 't1' });
    expect(chatConnectionState()).toBe('connected');
  });

  it('stops trying once the connection is closed', async () => {
    let imports = 0;
    setSocketIoImport(() => {
      imports += 1;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    openChatConnection('m1');
    await vi.advanceTimersByTimeAsync(0);
    expect(chatConnectionState()).toBe('failed');
    closeChatConnection();
    await vi.advanceTimersByTimeAsync(CHAT_TIMINGS.credentialRetryMaxMs * 2);
    expect(imports).toBe(1);
    expect(chatConnectionState()).toBe('closed');
  });
});
