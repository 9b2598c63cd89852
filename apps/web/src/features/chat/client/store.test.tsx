import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TIMINGS, type SendMessagePayload } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { clearRecentPushes } from './cache.ts';
import { closeChatConnection, openChatConnection, loadSocketIo } from './connection.ts';
import { forgetChatCredentials } from './credentials.ts';
import { FakeSocket, ok } from './fake-socket.ts';
import { DIRECT, ME, PARTNER, testChat, testMessage } from './fixtures.ts';
import { useChat, useChatActions, useChatPushes, useMyChats, usePresence } from './store.ts';

vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket.ts')).fakeIo }));
// Loaded before the tests, as after a first connection: a connection then opens in step.
beforeAll(() => loadSocketIo());

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  openChatConnection(ME);
  const socket = FakeSocket.last;
  socket.answers.my_chats = () => ok({ chats: [testChat({ revision: 2 })], has_more: false });
  socket.answers.chat_details = () =>
    ok({ chat: testChat({ revision: 2 }), messages: [testMessage(1), testMessage(2)], complete: true });
  const view = renderHook(
    () => {
      useChatPushes();
      return { list: useMyChats(), room: useChat(DIRECT), actions: useChatActions(DIRECT) };
    },
    { wrapper },
  );
  return { socket, view, queryClient };
}

describe('the chat store', () => {
  beforeEach(() => {
    forgetChatCredentials();
    clearRecentPushes();
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

  it('loads the list and a chat, and applies pushed messages, edits, deletions and read markers', async () => {
    const { socket, view } = setup();
    await waitFor(() => expect(view.result.current.room.messages).toHaveLength(2));
    expect(view.result.current.list.chats).toHaveLength(1);

    const current = () => view.result.current;
    act(() => socket.push('message', testMessage(3)));
    await waitFor(() => expect(current().room.messages.map((m) => m.seq)).toEqual([1, 2, 3]));
    expect(current().list.chats[0]!.state.unread_count).toBe(1);
    expect(current().room.messages[2]!.delivery).toBe('received');

    act(() => socket.push('update_message', testMessage(3, { text: 'geändert', revision: 4 })));
    await waitFor(() => expect(current().room.messages[2]!.text).toBe('geändert'));
    expect(current().list.chats[0]!.last_message?.text).toBe('geändert');

    act(() => socket.push('mark_as_read', { chat_id: DIRECT, member_id: ME, message_id: testMessage(3).id, seq: 3 }));
    await waitFor(() => expect(current().list.chats[0]!.state.unread_count).toBe(0));
    expect(current().room.messages[2]!.delivery).toBe('read');

    act(() =>
      socket.push('delete_message', testMessage(2, { text: '', revision: 5, deleted_at: '2026-11-20T12:00:00Z' })),
    );
    await waitFor(() => expect(current().room.messages[1]!.deleted_at).toBe('2026-11-20T12:00:00Z'));
  });

  it('tells the partner that their messages arrived (received mark, debounced)', async () => {
    const { socket, view } = setup();
    await waitFor(() => expect(view.result.current.room.messages).toHaveLength(2));
    socket.answers.mark_as_received = () => ok(null);
    act(() => {
      socket.push('message', testMessage(3));
      socket.push('message', testMessage(4));
    });
    await waitFor(() => expect(socket.emittedOf('mark_as_received')).toHaveLength(1), {
      timeout: CHAT_TIMINGS.receivedMarkDebounceMs + 1000,
    });
    expect(socket.emittedOf('mark_as_received')[0]!.payload).toEqual({
      chat_id: DIRECT,
      message_id: testMessage(4).id,
    });
  });

  it('shows a sent message at once and sends it again with the same reference after a timeout', async () => {
    const { socket, view } = setup();
    await waitFor(() => expect(view.result.current.room.messages).toHaveLength(2));
    vi.useFakeTimers();
    let sent!: Promise<unknown>;
    act(() => {
      sent = view.result.current.actions.send({ text: 'Hallo' });
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    const pending = view.result.current.room.messages.at(-1)!;
    expect(pending).toMatchObject({ text: 'Hallo', delivery: 'pushed', pending: true });

    await act(() => vi.advanceTimersByTimeAsync(CHAT_TIMINGS.ackTimeoutMs));
    const [first, second] = socket.emittedOf('message');
    const reference = (first!.payload as SendMessagePayload).client_reference;
    expect((second!.payload as SendMessagePayload).client_reference).toBe(reference);

    const stored = testMessage(3, {
      from: { id: ME, name: 'Anna', image_id: null },
      text: 'Hallo',
      client_reference: reference,
    });
    await act(async () => {
      second!.answer(ok(stored));
      await sent;
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(view.result.current.room.messages.map((m) => m.id)).toEqual([
      testMessage(1).id,
      testMessage(2).id,
      stored.id,
    ]);
    expect(view.result.current.room.messages[2]!.delivery).toBe('persisted');
    // The push of the same message to my other tabs changes nothing here.
    await act(async () => {
      socket.push('message', stored);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(view.result.current.room.messages).toHaveLength(3);
  });

  it('marks a failed send with the error key', async () => {
    const { socket, view } = setup();
    await waitFor(() => expect(view.result.current.room.messages).toHaveLength(2));
    socket.answers.message = () => ({ ok: false, error: { key: 'no_write_permission', status: 403 } });
    await act(async () => {
      await view.result.current.actions.send({ text: 'Hallo' }).catch(() => null);
    });
    await waitFor(() =>
      expect(view.result.current.room.messages.at(-1)).toMatchObject({
        failed: 'no_write_permission',
        delivery: 'pushed',
      }),
    );
  });

  it('catches up after a reconnect with what changed since the chat’s revision', async () => {
    const { socket, view } = setup();
    await waitFor(() => expect(view.result.current.room.messages).toHaveLength(2));
    socket.drop();
    socket.answers.chat_details = (payload) => {
      expect(payload).toEqual({ chat_id: DIRECT, since_revision: 2 });
      return ok({
        chat: testChat({ revision: 4, partner_state: { ...testChat().partner_state!, last_read_seq: 2 } }),
        messages: [testMessage(1, { text: 'geändert', revision: 3 }), testMessage(4, { revision: 4 })],
        complete: true,
      });
    };
    socket.answers.my_chats = () => ok({ chats: [testChat({ revision: 4, name: 'Neu' })], has_more: false });
    act(() => socket.accept());
    await waitFor(() => expect(view.result.current.room.messages.map((m) => m.seq)).toEqual([1, 2, 4]));
    expect(view.result.current.room.messages[0]!.text).toBe('geändert');
    expect(view.result.current.room.chat?.revision).toBe(4);
    await waitFor(() => expect(view.result.current.list.chats[0]!.name).toBe('Neu'));
  });

  it('shows the partner of a direct chat come online and go offline live, from the presence pushes', async () => {
    const { socket, view, queryClient } = setup();
    socket.answers.network_info = () => ok({ online: [], show_online_status: true });
    socket.answers.my_profile = () => ok({ id: ME, status: { type: 'online', text: '' } });
    const header = renderHook(() => usePresence(PARTNER), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    const current = () => ({ ...view.result.current, partner: header.result.current });
    await waitFor(() => expect(current().list.chats).toHaveLength(1));
    await waitFor(() => expect(socket.emittedOf('network_info')).toHaveLength(1));
    expect(current().list.chats[0]!.status?.type).toBe('offline');

    const online = { member_id: PARTNER, type: 'busy', text: 'Im Termin', online_at: '2026-11-20T09:00:00.000Z' };
    act(() => socket.push('set_status', online));
    await waitFor(() => expect(current().list.chats[0]!.status).toEqual({ type: 'busy', text: 'Im Termin' }));
    await waitFor(() => expect(current().partner).toEqual({ type: 'busy', text: 'Im Termin' }));

    act(() => socket.push('set_status', { member_id: PARTNER, type: 'offline', text: '', online_at: null }));
    await waitFor(() => expect(current().list.chats[0]!.status?.type).toBe('offline'));
    expect(current().partner.type).toBe('offline');
    header.unmount();
  });
});
