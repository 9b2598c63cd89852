import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationPage, Unreads } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { NotificationMenu } from './notification-menu.tsx';

/** As the server answers: the text already in the member's language. */
function notification(
  n: number,
  read = false,
  text = `Anna Adler hat Sie zur Gruppe Gruppe ${n} hinzugefügt.`,
): Notification {
  return {
    id: n.toString(16).padStart(24, '0'),
    type: 'group_membership_added',
    actor: {
      id: 'f'.repeat(24),
      displayName: 'Anna Adler',
      images: { small: null, medium: null, large: null },
      path: '',
    },
    subject: { type: 'group', id: null, title: `Gruppe ${n}`, path: `/groups/g${n}` },
    text,
    read,
    created_at: '2026-11-20T09:30:00Z',
  };
}

function page(offset: number, count: number, total: number): NotificationPage {
  const notifications = Array.from({ length: count }, (_, i) => notification(offset + i + 1));
  return { notifications, total, unread: total, limit: 8, offset };
}

const unreads: Unreads = {
  Notifications: 10,
  GroupInvites: 0,
  Calendars: 0,
  GroupJoinRequests: [],
  Invites: 0,
  Messages: 0,
  Activities: 0,
  Files: 0,
};

describe('NotificationMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows the newest notifications as the server wrote them, then older ones on request', async () => {
    stubFetch({
      'GET /api/v1/unreads': { status: 200, body: unreads },
      'GET /api/v1/notifications?limit=8&offset=0': { status: 200, body: page(0, 8, 10) },
      'GET /api/v1/notifications?limit=8&offset=8': { status: 200, body: page(8, 2, 10) },
    });
    renderRoutes([{ path: '/', element: <NotificationMenu /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 10 ungelesen' }));
    expect(await screen.findByText('Anna Adler hat Sie zur Gruppe Gruppe 1 hinzugefügt.')).toBeTruthy();
    expect(screen.getAllByTestId('notification-item')).toHaveLength(8);

    fireEvent.click(screen.getByRole('button', { name: 'Ältere anzeigen' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(10));
    expect(screen.queryByRole('button', { name: 'Ältere anzeigen' })).toBeNull();
  });

  it('reads them again when the language changes, as the server writes them in it', async () => {
    const calls = stubFetch({
      'GET /api/v1/unreads': { status: 200, body: unreads },
      'GET /api/v1/notifications?limit=8&offset=0': { status: 200, body: page(0, 8, 10) },
    });
    const listed = () => calls.filter((c) => c.path === '/api/v1/notifications?limit=8&offset=0').length;
    renderRoutes([{ path: '/', element: <NotificationMenu /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 10 ungelesen' }));
    await screen.findByText('Anna Adler hat Sie zur Gruppe Gruppe 1 hinzugefügt.');
    expect(listed()).toBe(1);

    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(listed()).toBe(2));
  });

  it('marks all as read', async () => {
    const calls = stubFetch({
      'GET /api/v1/unreads': { status: 200, body: unreads },
      'GET /api/v1/notifications?limit=8&offset=0': { status: 200, body: page(0, 8, 10) },
      'POST /api/v1/notifications/read': { status: 200, body: { marked: 10, unread: 0 } },
    });
    renderRoutes([{ path: '/', element: <NotificationMenu /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 10 ungelesen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/notifications/read')).toBe(true),
    );
  });
});
