import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { LENA, SELF, SESSION, message, shell } from '../testing/fixtures.ts';
import { MessagePage } from './message-page.tsx';

beforeEach(async () => {
  clearToasts();
  await i18n.changeLanguage('en');
});

function show(answers: Parameters<typeof stubFetch>[0], id: string, send = true) {
  const calls = stubFetch({
    'GET /api/v1/session': SESSION,
    'GET /api/v1/network': { status: 200, body: shell({ send }) },
    ...answers,
  });
  const view = renderUi(
    <Routes>
      <Route path="/messages/:messageId" element={<MessagePage />} />
      <Route path="/messages" element={<p>Inbox page</p>} />
    </Routes>,
    { path: `/messages/${id}` },
  );
  return { calls, router: view.router };
}

describe('/messages/{id}', () => {
  it('marks an unread message read on opening and shows its conversation', async () => {
    const earlier = message(2, { subject: 'Earlier', author: SELF, to: [LENA] });
    const unread = message(1, { i: { read: false }, to: [SELF, LENA], to_count: 2, conversation: [earlier] });
    const { calls } = show(
      {
        [`GET /api/v1/messages/${unread.id}`]: { status: 200, body: unread },
        [`POST /api/v1/messages/${unread.id}/read`]: { status: 204 },
      },
      unread.id,
    );
    expect(await screen.findByRole('heading', { name: 'Subject 1' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === `/api/v1/messages/${unread.id}/read`)).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByTestId('conversation-message').textContent).toContain('Earlier');
    expect(screen.getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(`/messages/new?reply=${unread.id}`);
    expect(screen.getByRole('link', { name: 'Reply all' }).getAttribute('href')).toBe(
      `/messages/new?reply_all=${unread.id}`,
    );
    expect(screen.getByRole('link', { name: 'Forward' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('leaves a read message alone and has no answers without can.send_direct_messages', async () => {
    const read = message(1);
    const { calls } = show({ [`GET /api/v1/messages/${read.id}`]: { status: 200, body: read } }, read.id, false);
    expect(await screen.findByRole('heading', { name: 'Subject 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forward' })).toBeNull();
    // Only one recipient besides the author: answering all would be the same as answering.
    expect(screen.queryByRole('link', { name: 'Reply all' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deletes the message after confirmation and says so', async () => {
    const read = message(1);
    const { calls, router } = show(
      {
        [`GET /api/v1/messages/${read.id}`]: { status: 200, body: read },
        [`DELETE /api/v1/messages/${read.id}`]: { status: 204 },
      },
      read.id,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The message has been deleted.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/messages/${read.id}`)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
  });

  it('shows the translation of an incoming message while one is chosen', async () => {
    const incoming = message(1, { subject: 'Hallo', html_content: '<p>Guten Tag</p>' });
    show(
      {
        [`GET /api/v1/messages/${incoming.id}`]: { status: 200, body: incoming },
        'GET /translations/languages': { status: 200, body: { languages: [{ code: 'en', name: 'English' }] } },
        [`GET /translations/en/message/${incoming.id}`]: {
          status: 200,
          body: {
            language: 'en',
            type: 'message',
            id: incoming.id,
            fields: { subject: 'Hello', content: '<p>Good day</p>' },
          },
        },
      },
      incoming.id,
    );
    expect(await screen.findByText('Guten Tag')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /English/ }));
    expect(await screen.findByText('Good day')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Translate' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Show original' }));
    expect(await screen.findByText('Guten Tag')).toBeTruthy();
  });
});
