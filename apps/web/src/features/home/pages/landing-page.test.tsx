import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Activity,
  Activitystream,
  ActivitystreamList,
  AppointmentInvite,
  AppointmentListItem,
  Chat,
  GroupInvite,
  Notification,
  Unreads,
  UserbarGroups,
} from '@agora/contracts';
import { networkShell } from '../../../testing/network-shell.ts';
import { axeViolations, renderUi } from '../../../ui/testing.tsx';
import type * as ChatIndex from '../../chat/index.ts';
import { LandingPage } from './landing-page.tsx';

type ChatFeature = typeof ChatIndex;

// The chat's list comes over its live connection, which the chat's own tests cover.
const chat = vi.hoisted(() => ({ chats: [] as Chat[] }));
vi.mock('../../chat/index.ts', async (importOriginal) => ({
  ...(await importOriginal<ChatFeature>()),
  useMyChats: () => ({ chats: chat.chats, isLoading: false, error: null }),
}));

const ID = (c: string) => c.repeat(24);
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function member(external = false) {
  return {
    id: ID('1'),
    displayName: external ? 'Gina Gast' : 'Max Meier',
    name: external ? 'Gina Gast' : 'Max Meier',
    first_name: external ? 'Gina' : 'Max',
    last_name: external ? 'Gast' : 'Meier',
    path: `/members/${ID('1')}`,
    images: { small: null, medium: null, large: null },
    is_external: external,
    network_admin: false,
    profile: {},
    birthday: null,
    birthday_is_today: false,
    age: null,
  };
}

function appointment(id: string, name: string, start: string): AppointmentListItem {
  return {
    id,
    name,
    type: 'appointment',
    path: `/appointments/${id}`,
    date: { start, end: null, all_day: false, time_zone: 'Europe/Berlin', same_day: true },
    calendar_ids: [ID('c')],
    color: '#1971c2',
    recurring: false,
    canceled: false,
    location_name: 'Raum Lovelace',
    has_meeting: false,
  };
}

const appointmentInvite: AppointmentInvite = {
  id: ID('e'),
  type: 'appointment_invite',
  invitable: {
    id: ID('f'),
    name: 'Erste-Hilfe-Kurs',
    path: `/appointments/${ID('f')}`,
    type: 'appointment',
    date: { start: inDays(12), end: null, all_day: false, time_zone: 'Europe/Berlin', same_day: true },
    recurring: false,
    canceled: false,
    location_name: null,
    calendars: [],
  },
  invitable_type: 'Appointment',
  author: null,
  status: 'open',
  inviteStatus: 'open',
  created_at: inDays(-2),
  total_attendees_enforced_and_exceeded: false,
  can: { accept: true, reject: true },
};

const groupInvite: GroupInvite = {
  id: ID('d'),
  type: 'group_invite',
  invitable: { id: ID('9'), name: 'Hamburg', slug: 'hamburg', image: null, path: '/groups/hamburg' },
  author: { id: ID('8'), name: 'Finn Werner', path: `/members/${ID('8')}` },
  additional_message: '',
  status: 'open',
  created_at: inDays(-1),
  can: { accept: true, reject: true },
};

const notification: Notification = {
  id: ID('7'),
  type: 'join_request',
  actor: null,
  subject: { type: 'group', id: ID('6'), title: 'Engineering', path: '/groups/engineering/join_requests' },
  text: 'Julia Schmitt möchte der Gruppe Engineering beitreten.',
  read: false,
  created_at: inDays(-1),
};

const lena: Chat = {
  id: ID('5'),
  kind: 'member',
  name: 'Lena Schmidt',
  image_id: null,
  partner: { id: ID('4'), name: 'Lena Schmidt', image_id: null, is_external: false },
  group: null,
  last_message: {
    id: ID('3'),
    from: { id: ID('4'), name: 'Lena Schmidt', image_id: null },
    text: 'Und: Mittagessen danach?',
    deleted_at: null,
    files: 0,
    images: 0,
    created_at: inDays(0),
  },
  last_interacted_at: inDays(0),
  revision: 3,
  can: { write: true, update_messages: true, destroy_messages: true },
  state: { muted_until: null, app_muted_until: null, last_read_id: null, last_read_seq: 0, unread_count: 3 },
  partner_state: null,
  status: null,
};
const readChat: Chat = { ...lena, id: ID('2'), name: 'Marketing', state: { ...lena.state, unread_count: 0 } };

const groups: UserbarGroups = {
  categories: [
    {
      id: 'teams-id',
      slug: 'teams',
      plural_name: 'Teams',
      color: null,
      active_theme: null,
      groups: [
        { id: 'g1', slug: 'engineering', name: 'Engineering', archived: false, favorited: true, active_theme: null },
        { id: 'g2', slug: 'marketing', name: 'Marketing', archived: false, favorited: false, active_theme: null },
      ],
    },
    { id: 'places-id', slug: 'standorte', plural_name: 'Standorte', color: null, active_theme: null, groups: [] },
  ],
};

const categories = [
  { id: 'places-id', slug: 'standorte', name: 'Standort', plural_name: 'Standorte', order: 2 },
  { id: 'teams-id', slug: 'teams', name: 'Team', plural_name: 'Teams', order: 1 },
].map((category) => ({ ...category, active_theme: null, can: { administrate: false } }));

const general: Activitystream = {
  id: ID('6'),
  slug: 'general',
  name: 'General',
  html_url: '/activitystreams/general',
  kind: 'network',
  group: null,
  category: null,
  i: { subscribed: true, can: { read: true, post: true, subscribe: true } },
};
const streamList: ActivitystreamList = {
  all: { ...general, id: ID('f'), slug: 'all', name: 'All activities', html_url: '/activitystreams/all', kind: 'all' },
  categories: [{ category: null, streams: [general] }],
  subscriptions_enabled: true,
  can: { create_circular_letter: false },
};
function post(n: number): Activity {
  return {
    id: `${n}`.padStart(24, '1'),
    actor: { id: ID('8'), name: 'Finn Werner', path: `/members/${ID('8')}` },
    object: {
      type: 'note',
      id: null,
      content: `<p>Post ${n}</p>`,
      plain_content: `Post ${n}`,
      title: null,
      url: null,
      date: null,
    },
    attachments: [],
    html_url: `/activities/${`${n}`.padStart(24, '1')}`,
    created_at: inDays(-1),
    updated_at: inDays(-1),
    edited: false,
    activitystreams: [{ id: general.id, slug: general.slug, name: general.name, html_url: general.html_url }],
    reply_count: 0,
    answer_count: 0,
    like_count: 0,
    latest_replies: [],
    circular_letter: null,
    i: { liked: false, can: { update: false, destroy: false, reply: true, answer: false, like: true } },
    ignored: false,
  };
}

/** A body by path, or one that depends on the query (`filter` of the invites). */
type Answers = Record<string, unknown | ((url: URL) => unknown)>;

/** Answers GET requests by path (without the query); records every request made. */
function stubApi(answers: Answers) {
  const requests: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    const answer = answers[url.pathname];
    const body = typeof answer === 'function' ? (answer as (url: URL) => unknown)(url) : answer;
    return body === undefined
      ? new Response(JSON.stringify({ error: 'not_found' }), { status: 404 })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return requests;
}

function answers({ external = false, empty = false } = {}): Answers {
  const invites = (url: URL) => ({
    items: empty ? [] : url.searchParams.get('filter') === 'groups' ? [groupInvite] : [appointmentInvite],
    next: null,
  });
  const unreads: Unreads = empty
    ? {
        Notifications: 0,
        GroupInvites: 0,
        Calendars: 0,
        GroupJoinRequests: [],
        Invites: 0,
        Messages: 0,
        Activities: 0,
        Files: 0,
      }
    : {
        Notifications: 18,
        GroupInvites: 1,
        Calendars: 1,
        GroupJoinRequests: [],
        Invites: 2,
        Messages: 0,
        Activities: 3,
        Files: 0,
      };
  const month = (items: AppointmentListItem[]) => ({ from: '', to: '', appointments: items, truncated: false });
  return {
    '/api/v1/session': { member: member(external), csrf_token: 'csrf', locale: 'en' },
    // Gina may not chat: the network does not let guests.
    '/api/v1/network': {
      ...networkShell(),
      can: { administrate: false, version_and_updates: false, chat: !external },
      group_categories: categories,
    },
    '/api/v1/unreads': unreads,
    '/api/v1/userbar/groups': empty ? { categories: groups.categories.map((c) => ({ ...c, groups: [] })) } : groups,
    '/appointments/participating': empty
      ? month([])
      : month([
          appointment(ID('a'), 'Architektur-Review', inDays(3)),
          appointment(ID('b'), 'Vergangen', inDays(-3)),
          appointment(ID('c'), 'Sprint Planning', inDays(1)),
        ]),
    '/api/v1/invites': invites,
    // The home stream: what the member subscribed to, and where they may post.
    '/activitystreams.json': streamList,
    '/api/v1/activities': (url: URL) => ({
      activities: empty || url.searchParams.get('subscribed') !== 'true' ? [] : [post(2), post(1)],
      next_before: null,
    }),
    [`/api/v1/activitystreams/${streamList.all.id}/read`]: {},
    '/api/v1/notifications': {
      notifications: empty ? [] : [notification],
      total: empty ? 0 : 1,
      unread: empty ? 0 : 1,
      limit: 4,
      offset: 0,
    },
  };
}

function renderStart(table: Answers) {
  const requests = stubApi(table);
  const view = renderUi(<LandingPage />, { path: '/' });
  return { ...view, requests };
}

beforeEach(() => {
  chat.chats = [];
});

describe('the start page', () => {
  it("shows the member's home stream with its composer, the sections beside it", async () => {
    const { requests } = renderStart(answers());
    expect(await screen.findByRole('heading', { name: 'My stream' }, { timeout: 8000 })).toBeTruthy();
    const stream = screen.getByTestId('home-stream');
    await waitFor(() => expect(within(stream).getAllByTestId('activity-card')).toHaveLength(2), { timeout: 8000 });
    expect(await within(stream).findByRole('button', { name: 'Share something with your colleagues …' })).toBeTruthy();
    expect(requests).toContain('/api/v1/activities?stream=all&subscribed=true');
    await waitFor(() => expect(requests).toContain(`/api/v1/activitystreams/${streamList.all.id}/read`));
    // The sections stay, in the side column (which phones leave out).
    const aside = screen.getByTestId('home-aside');
    expect(within(aside).getByTestId('home-appointments')).toBeTruthy();
    expect(within(aside).getByTestId('home-invites')).toBeTruthy();
  }, 20_000);

  it("shows a member's next appointments, open invites, unread chats, notifications and groups, each with its way on", async () => {
    chat.chats = [lena, readChat];
    const { requests, router } = renderStart(answers());
    expect(await screen.findByRole('heading', { name: 'Welcome, Max Meier' })).toBeTruthy();

    // Appointments: what is ahead, soonest first; the past one is left out.
    const appointments = await screen.findByTestId('home-appointments');
    await waitFor(() => expect(within(appointments).getAllByTestId('home-appointment')).toHaveLength(2));
    const names = within(appointments).getAllByRole('link', { name: /Sprint|Architektur/ });
    expect(names.map((link) => link.textContent)).toEqual(['Sprint Planning', 'Architektur-Review']);
    expect(names[0]!.getAttribute('href')).toBe(`/appointments/${ID('c')}`);
    expect(within(appointments).getByText('Tomorrow')).toBeTruthy();
    expect(within(appointments).queryByText('Vergangen')).toBeNull();
    expect(within(appointments).getByRole('link', { name: 'All my appointments' }).getAttribute('href')).toBe(
      '/appointments/participating',
    );

    // Invites of both kinds, newest first, with both inboxes and their counts.
    const invites = screen.getByTestId('home-invites');
    await waitFor(() => expect(within(invites).getAllByTestId('home-invite')).toHaveLength(2));
    const inviteLinks = within(invites)
      .getAllByTestId('home-invite')
      .map((row) => within(row).getAllByRole('link')[0]!);
    expect(inviteLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Hamburg', '/groups/hamburg'],
      ['Erste-Hilfe-Kurs', `/appointments/${ID('f')}`],
    ]);
    expect(within(invites).getByText('Invitation to the group from Finn Werner')).toBeTruthy();
    expect(
      within(invites)
        .getByRole('link', { name: /Appointment invitations/ })
        .getAttribute('href'),
    ).toBe('/appointments/invites');
    expect(
      within(invites)
        .getByRole('link', { name: /Group invitations/ })
        .getAttribute('href'),
    ).toBe('/invites');

    // Unread chats only; one opens the chat.
    const chats = screen.getByTestId('home-chats');
    expect(within(chats).getAllByTestId('chat-list-item')).toHaveLength(1);
    expect(within(chats).getByRole('link', { name: 'Open chat' }).getAttribute('href')).toBe('/chat');
    fireEvent.click(within(chats).getByText('Lena Schmidt'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${ID('5')}`));
    await router.navigate('/');

    // Notifications with the unread count of the bell.
    const notifications = await screen.findByTestId('home-notifications');
    expect(await within(notifications).findByText(notification.text)).toBeTruthy();
    expect(within(notifications).getByText('18')).toBeTruthy();
    expect(within(notifications).getByRole('link', { name: 'Show all' }).getAttribute('href')).toBe('/notifications');

    // Groups link to each group; finding more leads to the first category's directory tab.
    const myGroups = screen.getByTestId('home-groups');
    expect(within(myGroups).getByRole('link', { name: 'Engineering' }).getAttribute('href')).toBe(
      '/groups/engineering',
    );
    expect(within(myGroups).getByRole('link', { name: 'Find groups' }).getAttribute('href')).toBe(
      '/directory/teams-id',
    );

    // The categories as cards, in their order, each to its tab in the directory.
    const cards = within(screen.getByTestId('home-categories')).getAllByTestId('home-category');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Teams2 of your groups', '/directory/teams-id'],
      ['StandorteNone of your groups yet', '/directory/places-id'],
    ]);

    // One request per list, whatever the number of groups: no calls per group or category.
    expect(requests.filter((r) => r.startsWith('/api/v1/userbar/groups'))).toHaveLength(1);
    expect(requests.filter((r) => r.startsWith('/groups') || r.startsWith('/directory'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('shows empty states with their ways on, and no chat section to a guest who may not chat', async () => {
    renderStart(answers({ external: true, empty: true }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Gina Gast' })).toBeTruthy();
    expect(screen.getByTestId('member-role').textContent).toBe('External member');

    const appointments = await screen.findByTestId('home-appointments');
    expect(await within(appointments).findByText('No upcoming appointments')).toBeTruthy();
    expect(within(appointments).getByRole('link', { name: 'Open the calendar' }).getAttribute('href')).toBe(
      '/appointments',
    );
    const invites = screen.getByTestId('home-invites');
    expect(await within(invites).findByText('No open invitations')).toBeTruthy();
    expect(within(invites).getByRole('link', { name: 'Group invitations' }).getAttribute('href')).toBe('/invites');
    expect(await within(screen.getByTestId('home-notifications')).findByText('No notifications')).toBeTruthy();
    const myGroups = screen.getByTestId('home-groups');
    expect(await within(myGroups).findByText('Not in any group yet')).toBeTruthy();
    expect(within(myGroups).getAllByRole('link', { name: 'Find groups' })[0]!.getAttribute('href')).toBe(
      '/directory/teams-id',
    );
    expect(screen.queryByTestId('home-chats')).toBeNull();
    expect(screen.queryByRole('link', { name: /chat/i })).toBeNull();
  });
});
