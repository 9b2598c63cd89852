import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TIMINGS } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { closeChatConnection, openChatConnection, loadSocketIo } from './connection.ts';
import { forgetChatCredentials } from './credentials.ts';
import { chatEmit, ChatRequestError, retryChatQuery } from './emit.ts';
import { FakeSocket, ok } from './fake-socket.ts';

vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

describe('chatEmit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetChatCredentials();
    stubFetch({
      'POST /api/v1/chat_token': {
        status: 200,
        body: { token: 't', expires_at: new Date(Date.now() + 3 * 3600_000).toISOString(), expires_in: 10800 },
      },
    });
  });
  afterEach(() => {
    closeChatConnection();
    vi.useRealTimers();
  });

  it('resolves with the data of the acknowledgement', async () => {
    openChatConnection('m1');
    FakeSocket.last.answers.composing = () => ok(null);
    await expect(chatEmit('composing', { chat_id: 'network' })).resolves.toBeNull();
    expect(FakeSocket.last.emittedOf('composing')[0]!.payload).toEqual({ chat_id: 'network' });
  });

  it('rejects with the key, status and details of an error answer', async () => {
    openChatConnection('m1');
    FakeSocket.last.answers.update_message = () => ({
      ok: false,
      error: { key: 'update_period_ended', status: 422, details: { minutes: 15 } },
    });
    const error = await chatEmit('update_message', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatRequestError);
    expect(error).toMatchObject({ key: 'update_period_ended', status: 422, details: { minutes: 15 } });
  });

  it('counts a missing answer as a timeout error after ackTimeoutMs', async () => {
    openChatConnection('m1');
    const result = chatEmit('my_chats', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHAT_TIMINGS.ackTimeoutMs - 1);
    expect(FakeSocket.last.emittedOf('my_chats')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ key: 'timeout', status: 408 });
  });

  it('waits for a connection, and times out when none comes', async () => {
    const waiting = chatEmit('my_profile', {}, { timeoutMs: 3000 });
    openChatConnection('m1');
    FakeSocket.last.emittedOf('my_profile');
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.last.emittedOf('my_profile')[0]!.answer(ok({ id: 'm1' }));
    await expect(waiting).resolves.toEqual({ id: 'm1' });

    closeChatConnection();
    const never = chatEmit('my_profile', {}, { timeoutMs: 3000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await never).toMatchObject({ key: 'timeout' });
  });
});

describe('retryChatQuery', () => {
  it('asks again after a timeout or a failure of the server, twice at most', () => {
    expect(retryChatQuery(0, new ChatRequestError('timeout', 408))).toBe(true);
    expect(retryChatQuery(1, new ChatRequestError('unavailable', 503))).toBe(true);
    expect(retryChatQuery(2, new ChatRequestError('unavailable', 503))).toBe(false);
  });

  it('never asks again after a refusal: the member may not chat, or the chat is gone', () => {
    expect(retryChatQuery(0, new ChatRequestError('chat_disabled', 403))).toBe(false);
    expect(retryChatQuery(0, new ChatRequestError('not_found', 404))).toBe(false);
    expect(retryChatQuery(0, new ChatRequestError('invalid', 422))).toBe(false);
  });
});
