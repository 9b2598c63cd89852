import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { themeSchema, type NetworkShell, type Unreads, type UserbarGroups } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { renderRoutes, stubFetch } from '../../testing/render.tsx';
import { networkShell } from '../../testing/network-shell.ts';
import { sessionMember } from '../../testing/session-member.ts';
import { AppLayout } from './app-layout.tsx';

// The live connection is tested end to end; here it stays silent.
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: () => undefined,
    onAny: () => undefined,
    connect: () => undefined,
    timeout: () => ({ emit: () => undefined }),
    io: { on: () => undefined },
    disconnect: () => undefined,
  }),
}));

const member = sessionMember;
const memberId = member.id;

const theme = {
  ...themeSchema.parse({}),
  derivedColors: {
    primary_hover: '#1c5a96',
    primary_contrast_text: '#ffffff',
    header_border: '#dee2e6',
    userbar_active_background: '#e7eef6',
  },
};

function network(administrate: boolean): NetworkShell {
  return { ...networkShell({ administrate }), theme };
}

const unreads: Unreads = {
  Notifications: 150,
  GroupInvites: 0,
  Calendars: 0,
  GroupJoinRequests: [],
  Invites: 0,
  Messages: 0,
  Activities: 0,
  Files: 0,
};

const groups: UserbarGroups = {
  categories: [
    {
      id: 'c1',
      slug: 'teams',
      plural_name: 'Teams',
      color: null,
      active_theme: null,
      groups: [
        { id: 'g1', slug: 'engineering', name: 'Engineering', archived: false, favorited: false, active_theme: null },
      ],
    },
    { id: 'c2', slug: 'locations', plural_name: 'Standorte', color: null, active_theme: null, groups: [] },
  ],
};

const streams = {
  all: {
    id: 'b'.repeat(24),
    slug: 'all',
    name: 'all',
    html_url: '/activitystreams/all',
    kind: 'all',
    group: null,
    category: null,
    i: { subscribed: true, can: { read: true, post: false, subscribe: false } },
  },
  categories: [],
  subscriptions_enabled: true,
  can: { create_circular_letter: false },
};

function renderShell(administrate = false, path = '/') {
  stubFetch({
    'GET /api/v1/session': { status: 200, body: { member, csrf_token: 'csrf', locale: 'de' } },
    'GET /api/v1/network': { status: 200, body: network(administrate) },
    'GET /api/v1/unreads': { status: 200, body: unreads },
    'GET /api/v1/userbar/groups': { status: 200, body: groups },
    'GET /legal': { status: 200, body: { legal_texts: [] } },
    'GET /activitystreams.json': { status: 200, body: streams },
    'GET /unreads/activities': { status: 200, body: { activitystreams: [], total: 0 } },
  });
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <p>start page</p> },
          { path: '/imprint', element: <p>imprint</p> },
        ],
      },
    ],
    path,
  );
}

describe('AppLayout', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('de');
  });

  it('shows the network, the member and the unread notifications, capped at 99+', async () => {
    renderShell();
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Acme Demo')).toBeTruthy();
    expect(await within(header).findByText('99+')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Benachrichtigungen: 150 ungelesen' })).toBeTruthy();
    expect(screen.getByText('start page')).toBeTruthy();
  });

  it('lists the member links of the profile menu; administration only for administrators', async () => {
    renderShell(false);
    fireEvent.click(await screen.findByTestId('user-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Benachrichtigungen/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Sprache' }).getAttribute('href')).toBe(
      `/members/${memberId}/locale_settings`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).toBeNull();
  });

  it('offers the administration to network administrators', async () => {
    renderShell(true);
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Administration' })).toBeTruthy();
  });

  it('opens categories with groups, closes empty ones, and remembers what the member toggled', async () => {
    renderShell();
    const teams = await screen.findByTestId('userbar-category-teams');
    const locations = screen.getByTestId('userbar-category-locations');
    expect(teams.getAttribute('aria-expanded')).toBe('true');
    expect(locations.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'Engineering' }).getAttribute('href')).toBe('/groups/engineering');

    fireEvent.click(teams);
    await waitFor(() => expect(teams.getAttribute('aria-expanded')).toBe('false'));
    expect(JSON.parse(localStorage.getItem('agora.userbar.sections')!)).toEqual({ c1: false });
  });

  it('opens the user bar on Activities, not Info, on pages of no module of their own', async () => {
    renderShell();
    const switcher = await screen.findByTestId('module-switcher');
    const activities = within(switcher).getByRole('link', { name: 'Aktivitäten' });
    expect(activities.getAttribute('data-active')).not.toBeNull();
    // The start page is no stream page of its own: the module is shown, not "current".
    expect(activities.getAttribute('aria-current')).toBeNull();
    const bar = await screen.findByTestId('activities-bar');
    expect(within(bar).getByRole('link', { name: 'Mein Stream' }).getAttribute('href')).toBe('/activitystreams');
    expect(screen.queryByTestId('info-bar')).toBeNull();
    expect(within(switcher).getByRole('link', { name: 'Info' }).getAttribute('href')).toBe('/imprint');
  });

  it('shows the info module with its bar on the imprint and legal pages', async () => {
    renderShell(false, '/imprint');
    const switcher = await screen.findByTestId('module-switcher');
    expect(within(switcher).getByRole('link', { name: 'Info' }).getAttribute('aria-current')).toBe('page');
    const bar = await screen.findByTestId('info-bar');
    expect(within(bar).getByRole('link', { name: 'Impressum' })).toBeTruthy();
    expect(screen.queryByTestId('calendars-bar')).toBeNull();
  });
});
