import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DirectMessage } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { message, shell } from '../testing/fixtures.ts';
import { InboxPage, SentMessagesPage } from './message-list-page.tsx';

const INBOX = 'GET /api/v1/messages?limit=10&offset=0';

beforeEach(() => clearToasts());

function show(messages: DirectMessage[], answers: Parameters<typeof stubFetch>[0] = {}, path = '/messages') {
  const calls = stubFetch({
    [INBOX]: { status: 200, body: { messages, total: messages.length, limit: 10, offset: 0 } },
    'GET /api/v1/network': { status: 200, body: shell() },
    ...answers,
  });
  renderUi(
    <Routes>
      <Route path="/messages" element={<InboxPage />} />
      <Route path="/messages/sent" element={<SentMessagesPage />} />
      <Route path="/groups/:groupSlug/messages" element={<InboxPage />} />
    </Routes>,
    { path },
  );
  return calls;
}

describe('/messages', () => {
  it('shows unread messages in bold, and the new-message button to those who may send', async () => {
    show([message(1, { i: { read: false } }), message(2)]);
    const unread = await screen.findByRole('link', { name: 'Subject 1' });
    expect(unread.getAttribute('data-unread')).toBe('true');
    expect(screen.getByRole('link', { name: 'Subject 2' }).getAttribute('data-unread')).toBeNull();
    expect(await screen.findByRole('link', { name: 'New message' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('has no new-message button without can.send_direct_messages', async () => {
    show([message(1)], { 'GET /api/v1/network': { status: 200, body: shell({ send: false }) } });
    expect(await screen.findByRole('link', { name: 'Subject 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New message' })).toBeNull();
  });

  it('says so when there are no messages', async () => {
    show([]);
    expect(await screen.findByText('No messages')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('marks the selected messages read and unread', async () => {
    const calls = show([message(1, { i: { read: false } }), message(2, { i: { read: false } })], {
      'POST /api/v1/messages/read': { status: 204 },
      'DELETE /api/v1/messages/read': { status: 204 },
    });
    expect(screen.queryByTestId('message-batch')).toBeNull();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the message “Subject 1”' }));
    expect(await screen.findByText('1 message selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all messages on this page' }));
    expect(await screen.findByText('2 messages selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message_ids: [message(1).id, message(2).id] });
    await waitFor(() => expect(screen.queryByTestId('message-batch')).toBeNull());

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the message “Subject 2”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ message_ids: [message(2).id] });
  });

  it('deletes the selected messages only after confirmation', async () => {
    const calls = show([message(1), message(2)], { 'DELETE /api/v1/messages/delete': { status: 204 } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all messages on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete 2 messages?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ message_ids: [message(1).id, message(2).id] });
    expect(await screen.findByText('2 messages have been deleted.')).toBeTruthy();
  });

  it('shows the network error when a batch call fails', async () => {
    show([message(1)], { 'DELETE /api/v1/messages/delete': { status: 500, body: { error: 'internal' } } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the message “Subject 1”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it('lists the sent messages with their recipients and deletes from the sent list', async () => {
    const sent = message(3, { to: [], to_count: 0, to_all_network_members: true });
    const calls = show(
      [],
      {
        'GET /api/v1/messages/sent?limit=10&offset=0': {
          status: 200,
          body: { messages: [sent], total: 1, limit: 10, offset: 0 },
        },
        'DELETE /api/v1/messages/sent/delete': { status: 204 },
      },
      '/messages/sent',
    );
    expect(await screen.findByText('All members of the network')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the message “Subject 3”' }));
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/messages/sent/delete')).toBe(true));
    expect(await screen.findByText('The message has been deleted.')).toBeTruthy();
  });

  it('pages by ten and asks a group’s messages by its id', async () => {
    const group = { id: 'e'.repeat(24), slug: 'vertrieb', name: 'Vertrieb', can: {} };
    const calls = show(
      [],
      {
        'GET /api/v1/groups/vertrieb': { status: 200, body: group },
        [`GET /api/v1/messages?limit=10&offset=0&group_id=${group.id}`]: {
          status: 200,
          body: { messages: [message(1)], total: 25, limit: 10, offset: 0 },
        },
        [`GET /api/v1/messages?limit=10&offset=10&group_id=${group.id}`]: {
          status: 200,
          body: { messages: [message(11)], total: 25, limit: 10, offset: 10 },
        },
      },
      '/groups/vertrieb/messages',
    );
    expect(await screen.findByRole('link', { name: 'Subject 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Inbox: Vertrieb' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByRole('link', { name: 'Subject 11' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/messages?limit=10&offset=0')).toBe(false);
  });
});
