import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { directChatId, type Chat, type ChatMessage } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
import { clearRecentPushes } from '../client/cache.ts';
import type * as ConnectionModule from '../client/connection.ts';
import { noteComposing } from '../client/composing.ts';
import { chatEmit } from '../client/emit.ts';
import type * as EmitModule from '../client/emit.ts';
import { currentChatView, goToChatView, useChatNavigation } from '../client/navigation.ts';
import { ChatAttachments, ChatImages, ChatRoom, MessageImageGallery } from './index.ts';
import { forgetDrafts } from './draft-store.ts';
import {
  ANNA,
  attachment,
  directChat,
  DIRECT_ID,
  GROUP_ID,
  groupChat,
  ME,
  members,
  message,
  networkInfo,
  profile,
} from './testing/fixtures.ts';

vi.mock('../client/emit.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof EmitModule>()),
  chatEmit: vi.fn(),
}));
vi.mock('../client/connection.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ConnectionModule>()),
  connectedMemberId: () => ME,
}));

const emit = vi.mocked(chatEmit);

type Payload = Record<string, unknown>;

/** Answers the room's requests as the server would, for one chat and its messages. */
function fakeServer(chat: Chat, messages: ChatMessage[], answers: Record<string, (payload: Payload) => unknown> = {}) {
  let seq = 200;
  const handlers: Record<string, (payload: Payload) => unknown> = {
    chat_details: () => ({ chat, messages, complete: true }),
    my_chats: () => ({ chats: [chat], has_more: false }),
    my_profile: () => profile,
    network_info: () => networkInfo,
    more_messages: () => ({ messages: [] }),
    message: (payload) => {
      seq += 1;
      return message(seq, {
        chat_id: chat.id,
        text: payload.text as string,
        from: members.me,
        client_reference: payload.client_reference as string,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
    },
    mark_as_read: () => ({ ...chat.state, unread_count: 0 }),
    mark_as_received: () => null,
    composing: () => null,
    delete_message: (payload) => ({
      ...messages.find((m) => m.id === payload.id)!,
      text: '',
      deleted_at: new Date().toISOString(),
      revision: chat.revision + 1,
    }),
    ...answers,
  };
  emit.mockImplementation((async (event: string, payload: Payload) => handlers[event]?.(payload)) as typeof chatEmit);
}

function sent(event: string): Payload[] {
  return emit.mock.calls.filter(([name]) => name === event).map(([, payload]) => payload as Payload);
}

/** The views of the chat panel, as W1's panel renders them. */
function Panel() {
  const { view } = useChatNavigation();
  if (view.name === 'showChat') return <ChatRoom chatId={view.chatId} />;
  if (view.name === 'showChatAttachments') return <ChatAttachments chatId={view.chatId} />;
  if (view.name === 'showChatImages') return <ChatImages chatId={view.chatId} />;
  if (view.name === 'showMessageImageGallery') return <MessageImageGallery {...view} />;
  return <p>root</p>;
}

function openChat(chatId: string) {
  goToChatView({ name: 'root' });
  goToChatView({ name: 'showChat', chatId });
  return renderUi(<Panel />);
}

const now = () => new Date().toISOString();

/** The actions menu of the message showing this text. */
function openActions(text: string) {
  const item = screen.getByText(text).closest<HTMLElement>('[data-testid="chat-message"]')!;
  fireEvent.click(within(item).getByRole('button', { name: /^Actions for the message from/ }));
}

describe('ChatRoom', () => {
  beforeEach(async () => {
    emit.mockReset();
    // The client remembers recent pushes and answers per chat, across renders.
    clearRecentPushes();
    forgetDrafts();
    clearToasts();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the chat with the partner’s presence, who is typing, and sends a message', async () => {
    fakeServer(directChat(), [message(1, { text: 'Hallo Max!' })]);
    openChat(DIRECT_ID);
    expect(await screen.findByText('Hallo Max!')).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Anna Adler' });
    // The partner's name leads to their profile.
    expect(within(heading).getByRole('link').getAttribute('href')).toBe(`/members/${members.anna.id}`);
    expect(screen.getByTestId('partner-presence').textContent).toBe('Online');

    act(() => noteComposing(DIRECT_ID, members.anna));
    expect(screen.getByTestId('composing-indicator').textContent).toBe('Anna Adler is typing …');

    const textarea = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(textarea, { target: { value: 'Hallo Anna' } });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => expect(sent('message')).toHaveLength(1));
    expect(sent('message')[0]).toMatchObject({ chat_id: DIRECT_ID, text: 'Hallo Anna', file_ids: [], image_ids: [] });
    expect(sent('message')[0]!.client_reference).toEqual(expect.any(String));
    const own = await screen.findByText('Hallo Anna');
    const item = own.closest<HTMLElement>('[data-testid="chat-message"]')!;
    await waitFor(() => expect(within(item).getByRole('img', { name: 'Sent' })).toBeTruthy());
    expect(await axeViolations()).toEqual([]);
  });

  it('tells the others of typing at most every 1.6 s, and at once again after a message', async () => {
    fakeServer(groupChat(), []);
    openChat(GROUP_ID);
    const textarea = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(textarea, { target: { value: 'Hallo' } });
    const before = sent('composing').length;
    // Another keystroke right after: no second event (spec 9: one per 1600 ms at most).
    fireEvent.change(textarea, { target: { value: 'Hallo zusammen' } });
    expect(sent('composing')).toHaveLength(before);
    fireEvent.keyDown(textarea, { key: 'Enter' });
    await waitFor(() => expect(sent('message')).toHaveLength(1));
    // The message ended "… is typing" for the others; the next message's first keystroke says it again.
    fireEvent.change(textarea, { target: { value: 'Noch etwas' } });
    expect(sent('composing')).toHaveLength(before + 1);
    expect(sent('composing').at(-1)).toEqual({ chat_id: GROUP_ID });
  });

  it('marks the newest message read after a second at the end, with window focus', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    fakeServer(directChat(), [message(1), message(2)]);
    openChat(DIRECT_ID);
    await screen.findByText('Nachricht 2');
    expect(sent('mark_as_read')).toEqual([]);
    await waitFor(() => expect(sent('mark_as_read')).toEqual([{ chat_id: DIRECT_ID, message_id: message(2).id }]), {
      timeout: 2000,
    });
  });

  it('offers a private chat with the author in group chats, and opens it', async () => {
    const group = groupChat();
    const direct = directChat();
    fakeServer(group, [message(1, { chat_id: group.id, text: 'Wer kommt mit?' })], {
      create_chat: () => direct,
    });
    openChat(group.id);
    await screen.findByText('Wer kommt mit?');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the message from Anna Adler' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Private chat with Anna Adler' }));
    await waitFor(() => expect(sent('create_chat')).toEqual([{ type: 'member', id: ANNA }]));
    await waitFor(() => expect(currentChatView()).toEqual({ name: 'showChat', chatId: directChatId(ME, ANNA) }));
  });

  it('offers external members no private chat from a message', async () => {
    const group = groupChat();
    fakeServer(group, [message(1, { chat_id: group.id, text: 'Wer kommt mit?' })], {
      my_profile: () => ({ ...profile, is_external: true, can: { chat: true, start_private_chats: false } }),
    });
    openChat(group.id);
    await screen.findByText('Wer kommt mit?');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for the message from Anna Adler' }));
    expect(await screen.findByRole('menuitem', { name: 'Quote' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Private chat/ })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  });

  it('edits own messages within the update period, and says when it has ended', async () => {
    const recent = message(2, { from: members.me, text: 'Bis morgen', created_at: now(), updated_at: now() });
    const old = message(1, { from: members.me, text: 'Gestern geschrieben' });
    fakeServer(directChat(), [old, recent]);
    openChat(DIRECT_ID);
    await screen.findByText('Bis morgen');

    openActions('Gestern geschrieben');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await waitFor(() =>
      expect(notificationsStore.getState().notifications.map((toast) => toast.message)).toContain(
        'The update period has ended (15 minutes).',
      ),
    );
    expect(screen.queryByTestId('composer-editing')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    openActions('Bis morgen');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByTestId('composer-editing')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Bis morgen');
  });

  it('deletes an own message after confirmation', async () => {
    const own = message(2, { from: members.me, text: 'Versehen', created_at: now(), updated_at: now() });
    fakeServer(directChat(), [message(1), own]);
    openChat(DIRECT_ID);
    await screen.findByText('Versehen');
    openActions('Versehen');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(sent('delete_message')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('delete_message')).toEqual([{ chat_id: DIRECT_ID, id: own.id }]));
    expect(await screen.findByText('This message was deleted')).toBeTruthy();
  });

  it('lists the chat’s files and images, and pages through a message’s images', async () => {
    const images = [1, 2, 3].map((n) =>
      attachment(n + 10, { name: `Foto ${n}.jpg`, extension: 'jpg', type: 'image/jpeg', token: null }),
    );
    fakeServer(directChat(), [
      message(1, { files: [attachment(1, { name: 'Agenda.pdf' })] }),
      message(2, { images, text: '' }),
    ]);
    openChat(DIRECT_ID);
    await screen.findByText('Agenda.pdf');

    fireEvent.click(screen.getByRole('button', { name: 'Files' }));
    expect(await screen.findByRole('heading', { name: 'Files · Anna Adler' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agenda.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Images' }));
    expect(await screen.findByRole('heading', { name: 'Images · Anna Adler' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show image Foto 2.jpg' }));

    const gallery = await screen.findByTestId('image-gallery');
    expect(screen.getByRole('img', { name: 'Foto 2.jpg' }).getAttribute('src')).toBe(
      `/api/storage/images/${images[1]!.id}/get/1920x1200`,
    );
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(await screen.findByRole('img', { name: 'Foto 3.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next image' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Previous image' }));
    expect(await screen.findByRole('img', { name: 'Foto 1.jpg' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.keyDown(screen.getByTestId('image-gallery'), { key: 'Escape' });
    await waitFor(() => expect(currentChatView().name).toBe('showChatImages'));
  });

  it('asks whether dropped pictures are images or files, and uploads them so', async () => {
    const restore = FakeXhr.install();
    try {
      fakeServer(directChat(), [message(1)]);
      openChat(DIRECT_ID);
      const room = await screen.findByTestId('chat-room');
      const picture = new File(['x'], 'Foto.png', { type: 'image/png' });
      const drop = (files: File[]) => {
        const dataTransfer = { files, types: ['Files'] };
        fireEvent.dragOver(room, { dataTransfer });
        fireEvent.drop(room, { dataTransfer });
      };

      drop([picture]);
      const dialog = await screen.findByRole('dialog', { name: 'Add as images or files?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'As images' }));
      await waitFor(() => expect(FakeXhr.requests.map((request) => request.url)).toEqual(['/api/storage/images']));
      expect(await screen.findByText('Foto.png')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('data-loading')).toBe(true);

      // Pictures among other files go in as files, without asking.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      drop([picture, new File(['x'], 'Agenda.pdf', { type: 'application/pdf' })]);
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
      expect(FakeXhr.requests.slice(1).map((request) => request.url)).toEqual([
        '/api/storage/files',
        '/api/storage/files',
      ]);
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      restore();
    }
  });

  it('disables the composer with a hint without write permission', async () => {
    fakeServer(directChat({ can: { write: false, update_messages: false, destroy_messages: false } }), [message(1)]);
    openChat(DIRECT_ID);
    expect(await screen.findByText('You cannot write in this chat.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled).toBe(true);
  });
});
