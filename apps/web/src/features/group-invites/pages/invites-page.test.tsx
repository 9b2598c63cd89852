import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GroupInvite, Unreads } from '@agora/contracts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { GroupInvitesPage } from './invites-page.tsx';

const LIST = '/api/v1/invites?filter=groups&status=open&limit=50';
const AUTHOR = 'f'.repeat(24);

function invite(id: string, name: string, overrides: Partial<GroupInvite> = {}): GroupInvite {
  return {
    id,
    type: 'group_invite',
    invitable: {
      id: `${id.slice(0, 23)}b`,
      name,
      slug: name.toLowerCase(),
      image: null,
      path: `/groups/${name.toLowerCase()}`,
    },
    author: { id: AUTHOR, name: 'Anna Adler', path: `/members/${AUTHOR}` },
    additional_message: 'Komm dazu!',
    status: 'open',
    created_at: '2030-03-01T09:00:00Z',
    can: { accept: true, reject: true },
    ...overrides,
  };
}

const unreads: Unreads = {
  Notifications: 0,
  GroupInvites: 2,
  Calendars: 0,
  GroupJoinRequests: [],
  Invites: 2,
  Messages: 0,
  Activities: 0,
  Files: 0,
};

beforeEach(() => clearToasts());

describe('/invites', () => {
  it('shows the empty state without open invitations', async () => {
    stubFetch({ [`GET ${LIST}`]: { status: 200, body: { items: [], next: null } } });
    renderUi(<GroupInvitesPage />, { path: '/invites' });
    expect(await screen.findByText('No open invitations')).toBeTruthy();
  });

  it('shows the answer at once, then loads the list again', async () => {
    const sales = invite('a'.repeat(24), 'Vertrieb');
    const table: Parameters<typeof stubFetch>[0] = {
      [`GET ${LIST}`]: { status: 200, body: { items: [sales, invite('c'.repeat(24), 'Einkauf')], next: null } },
      [`POST /api/v1/invites/${sales.id}/accept`]: {
        status: 200,
        body: { ...sales, status: 'accepted', can: { accept: false, reject: false } },
      },
      'GET /api/v1/unreads': { status: 200, body: unreads },
    };
    const calls = stubFetch(table);
    renderUi(<GroupInvitesPage />, { path: '/invites' });
    const cards = await screen.findAllByTestId('group-invite');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Komm dazu!')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    // The server drops the accepted one from its open list.
    table[`GET ${LIST}`] = { status: 200, body: { items: [invite('c'.repeat(24), 'Einkauf')], next: null } };
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Vertrieb' }));

    const card = await screen.findByText('Accepted');
    expect(card).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Vertrieb' }).getAttribute('href')).toBe('/groups/vertrieb');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === LIST)).toHaveLength(2));
    // Answered here, it stays on the page as answered; the other is still to answer.
    expect(screen.getAllByTestId('group-invite')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Accept the invitation to Vertrieb' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline the invitation to Einkauf' })).toBeTruthy();
    expect(await screen.findByText('You are now a member of Vertrieb.')).toBeTruthy();
  });

  it('says why an answer failed and reloads the list', async () => {
    const sales = invite('a'.repeat(24), 'Vertrieb');
    const calls = stubFetch({
      [`GET ${LIST}`]: { status: 200, body: { items: [sales], next: null } },
      [`POST /api/v1/invites/${sales.id}/reject`]: { status: 422, body: { errors: { base: ['invite_not_open'] } } },
    });
    renderUi(<GroupInvitesPage />, { path: '/invites' });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline the invitation to Vertrieb' }));
    expect(await screen.findByText('This invitation has been answered or withdrawn meanwhile.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === LIST)).toHaveLength(2));
  });
});
