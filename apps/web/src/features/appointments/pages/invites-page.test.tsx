import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes, Route, Routes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppointmentInvite, AppointmentParticipation, Invitable, Unreads } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { calendarsFeature } from '../../calendars/index.ts';
import { appointmentsFeature } from '../index.ts';
import { APPOINTMENT_ID, CALENDAR_ID, GROUP_CALENDAR_ID, SERIES_ID } from '../../../testing/appointment-fixtures.ts';
import { InvitesPage } from './invites-page.tsx';

const INVITES = (status: string) => `/api/v1/invites?filter=appointments&status=${status}&limit=50`;
const PARTICIPATIONS = (status: string) => `/api/v1/participations?status=${status}&limit=20`;
const UNREADS = '/api/v1/unreads';
const AUTHOR_ID = 'f'.repeat(24);

function invitable(overrides: Partial<Invitable> = {}): Invitable {
  return {
    id: APPOINTMENT_ID,
    name: 'Teamfrühstück',
    path: `/appointments/${APPOINTMENT_ID}`,
    type: 'appointment',
    date: {
      start: '2030-03-10T10:00:00+01:00',
      end: '2030-03-10T11:00:00+01:00',
      all_day: false,
      time_zone: 'Europe/Berlin',
      same_day: true,
    },
    recurring: false,
    canceled: false,
    location_name: 'Kantine',
    calendars: [
      { id: CALENDAR_ID, name: 'Netzwerk', color: '1971c2' },
      { id: GROUP_CALENDAR_ID, name: 'Vertrieb', color: 'e8590c' },
    ],
    ...overrides,
  };
}

function invite(id: string, overrides: Partial<AppointmentInvite> = {}): AppointmentInvite {
  return {
    id,
    type: 'appointment_invite',
    invitable: invitable(),
    invitable_type: 'Appointment',
    author: { id: AUTHOR_ID, name: 'Anna Adler', path: `/members/${AUTHOR_ID}` },
    status: 'open',
    inviteStatus: 'open',
    created_at: '2030-03-01T09:00:00+01:00',
    total_attendees_enforced_and_exceeded: false,
    can: { accept: true, reject: true },
    ...overrides,
  };
}

function participation(id: string, overrides: Partial<AppointmentParticipation> = {}): AppointmentParticipation {
  return { id, status: 'accepted', invitable: invitable(), invitable_type: 'Appointment', ...overrides };
}

function unreads(calendars: number): Unreads {
  return {
    Notifications: 0,
    GroupInvites: 0,
    Calendars: calendars,
    GroupJoinRequests: [],
    Invites: 0,
    Messages: 0,
    Activities: 0,
    Files: 0,
  };
}

type Answers = Parameters<typeof stubFetch>[0];

function show(answers: Answers, path = '/appointments/invites') {
  const table: Answers = { [`GET ${UNREADS}`]: { status: 200, body: unreads(2) }, ...answers };
  const calls = stubFetch(table);
  const view = renderUi(
    <Routes>
      <Route path="/appointments/invites" element={<InvitesPage />} />
      <Route path="/appointments/:appointmentId" element={<p>Termin</p>} />
    </Routes>,
    { path },
  );
  const gets = () => calls.filter((call) => call.method === 'GET' && call.path !== UNREADS).map((call) => call.path);
  return { ...view, calls, table, gets };
}

const page = <T,>(items: T[], next: string | null = null) => ({ status: 200, body: { items, next } });

describe('InvitesPage', () => {
  let originalTz: string | undefined;
  beforeAll(() => {
    // Dates are shown in the reader's zone: the tests read them in Berlin.
    originalTz = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('shows open invites: name, date, series icon, place, calendars, author, the unread badge', async () => {
    const { gets } = show({
      [`GET ${INVITES('open')}`]: page([
        invite('1'.repeat(24)),
        invite('2'.repeat(24), {
          invitable: invitable({
            id: SERIES_ID,
            name: 'Jour fixe',
            path: `/appointments/${SERIES_ID}`,
            recurring: true,
            canceled: true,
            location_name: null,
            date: { start: '2030-04-01', end: '2030-04-01', all_day: true, time_zone: 'Europe/Berlin', same_day: true },
          }),
          invitable_type: 'RecurringAppointment',
        }),
      ]),
    });

    const cards = await screen.findAllByTestId('invite-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Teamfrühstück' }).getAttribute('href')).toBe(
      `/appointments/${APPOINTMENT_ID}`,
    );
    expect(first.getByText('10.03.2030, 10:00 – 11:00 Uhr')).toBeTruthy();
    expect(first.getByText('Kantine')).toBeTruthy();
    expect(first.getByText('Netzwerk')).toBeTruthy();
    expect(first.getByText('Vertrieb')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Anna Adler' }).getAttribute('href')).toBe(`/members/${AUTHOR_ID}`);
    expect(cards[0]!.textContent).toContain('Eingeladen von Anna Adler');
    expect(first.queryByRole('img', { name: 'Wiederkehrender Termin' })).toBeNull();
    expect(first.queryByText('Abgesagt')).toBeNull();

    // A series: the recurring icon, all day without a time, the canceled marker.
    const second = within(cards[1]!);
    expect(second.getByRole('img', { name: 'Wiederkehrender Termin' })).toBeTruthy();
    expect(second.getByText('01.04.2030, ganztägig')).toBeTruthy();
    expect(second.getByText('Abgesagt')).toBeTruthy();
    expect(second.getByRole('button', { name: /zusagen/i })).toBeTruthy();

    // The open tab carries the Calendars unread count.
    const openTab = screen.getByRole('tab', { name: /Offen/ });
    expect(openTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(openTab).getByText('2')).toBeTruthy());
    expect(gets()).toEqual([INVITES('open')]);
    expect(await axeViolations()).toEqual([]);
    // axe-core and the first render of Mantine take their time on a busy machine.
  }, 20_000);

  it('loads each tab from its endpoint and keeps the tab in the URL', async () => {
    const { gets, router } = show({
      [`GET ${INVITES('open')}`]: page([invite('1'.repeat(24))]),
      [`GET ${PARTICIPATIONS('upcoming')}`]: page([participation('u'.repeat(24), { status: 'invited' })]),
      [`GET ${PARTICIPATIONS('accepted')}`]: page([participation('a'.repeat(24))]),
      [`GET ${PARTICIPATIONS('declined')}`]: page([participation('d'.repeat(24), { status: 'declined' })]),
      [`GET ${INVITES('expired')}`]: page([]),
      [`GET ${INVITES('obsolete')}`]: page([]),
    });
    await screen.findByTestId('invite-card');

    fireEvent.click(screen.getByRole('tab', { name: 'Bevorstehend' }));
    const upcoming = await screen.findByTestId('participation-card');
    expect(within(upcoming).getByText('Noch keine Antwort')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=upcoming');

    // The tabs are operated by keyboard too: the arrow keys move to the next tab and open it.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Bevorstehend' }), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=accepted'));
    expect(await screen.findByText('Zugesagt', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Zugesagt' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Abgesagt' }));
    expect(await screen.findByText('Abgesagt', { selector: '.mantine-Badge-label' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Abgelaufen' }));
    await screen.findByText('Keine abgelaufenen Einladungen');
    fireEvent.click(screen.getByRole('tab', { name: 'Hinfällig' }));
    await screen.findByText('Keine hinfälligen Einladungen');
    expect(router.state.location.search).toBe('?tab=obsolete');

    expect(gets()).toEqual([
      INVITES('open'),
      PARTICIPATIONS('upcoming'),
      PARTICIPATIONS('accepted'),
      PARTICIPATIONS('declined'),
      INVITES('expired'),
      INVITES('obsolete'),
    ]);
  });

  it('opens the tab named in the URL, and the open tab for an unknown one', async () => {
    const first = show(
      { [`GET ${PARTICIPATIONS('declined')}`]: page([participation('d'.repeat(24), { status: 'rejected' })]) },
      '/appointments/invites?tab=declined',
    );
    expect(await screen.findByText('Vom Veranstalter abgelehnt')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Abgesagt' }).getAttribute('aria-selected')).toBe('true');
    expect(first.gets()).toEqual([PARTICIPATIONS('declined')]);
    first.unmount();

    const second = show({ [`GET ${INVITES('open')}`]: page([]) }, '/appointments/invites?tab=nonsense');
    await screen.findByText('Keine offenen Einladungen');
    expect(second.gets()).toEqual([INVITES('open')]);
  });

  it('pages invites and participations by their next links', async () => {
    const nextInvites = `${INVITES('open')}&after=${'1'.repeat(24)}`;
    const nextParticipations = `${PARTICIPATIONS('upcoming')}&cursor=abc`;
    const { gets } = show({
      [`GET ${INVITES('open')}`]: page([invite('1'.repeat(24))], nextInvites),
      [`GET ${nextInvites}`]: page([invite('2'.repeat(24), { invitable: invitable({ name: 'Sommerfest' }) })]),
      [`GET ${PARTICIPATIONS('upcoming')}`]: page([participation('3'.repeat(24))], nextParticipations),
      [`GET ${nextParticipations}`]: page([participation('4'.repeat(24), { invitable: invitable({ name: 'Messe' }) })]),
    });
    await screen.findByTestId('invite-card');
    fireEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Sommerfest')).toBeTruthy();
    expect(screen.getAllByTestId('invite-card')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Bevorstehend' }));
    await screen.findByTestId('participation-card');
    fireEvent.click(screen.getByRole('button', { name: 'Mehr laden' }));
    expect(await screen.findByText('Messe')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mehr laden' })).toBeNull();
    expect(gets()).toEqual([INVITES('open'), nextInvites, PARTICIPATIONS('upcoming'), nextParticipations]);
  });

  it('accepts an invite: the call, the item leaves the open tab, a toast, the badge drops', async () => {
    const accepted = '1'.repeat(24);
    const { calls, table } = show({
      [`GET ${INVITES('open')}`]: page([
        invite(accepted),
        invite('2'.repeat(24), { invitable: invitable({ name: 'Sommerfest' }) }),
      ]),
      [`POST /api/v1/invites/${accepted}/accept`]: {
        status: 200,
        body: invite(accepted, { status: 'accepted', inviteStatus: 'accepted' }),
      },
    });
    const openTab = await screen.findByRole('tab', { name: /Offen/ });
    await waitFor(() => expect(within(openTab).getByText('2')).toBeTruthy());
    // What the server answers once the invite is answered.
    table[`GET ${INVITES('open')}`] = page([invite('2'.repeat(24), { invitable: invitable({ name: 'Sommerfest' }) })]);
    table[`GET ${UNREADS}`] = { status: 200, body: unreads(1) };

    fireEvent.click(screen.getByRole('button', { name: 'Einladung zu „Teamfrühstück“ zusagen' }));
    expect(await screen.findByText('Sie haben die Einladung zu „Teamfrühstück“ angenommen.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('invite-card')).toHaveLength(1));
    expect(screen.queryByText('Teamfrühstück')).toBeNull();
    await waitFor(() => expect(within(openTab).getByText('1')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/v1/invites/${accepted}/accept`,
    ]);
  });

  it('declines an invite even when the refetch still lists it, the item leaves at once', async () => {
    const declined = '1'.repeat(24);
    const { calls } = show({
      [`GET ${INVITES('open')}`]: page([invite(declined)]),
      [`POST /api/v1/invites/${declined}/reject`]: {
        status: 200,
        body: invite(declined, { status: 'declined', inviteStatus: 'declined' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Einladung zu „Teamfrühstück“ absagen' }));
    expect(await screen.findByText('Sie haben die Einladung zu „Teamfrühstück“ abgelehnt.')).toBeTruthy();
    expect(await screen.findByText('Keine offenen Einladungen')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === `/api/v1/invites/${declined}/reject`)).toBe(
      true,
    );
  });

  it('says why an answer failed and keeps the invite', async () => {
    const id = '1'.repeat(24);
    show({
      [`GET ${INVITES('open')}`]: page([invite(id)]),
      [`POST /api/v1/invites/${id}/accept`]: { status: 422, body: { errors: { invite: ['invite_not_open'] } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /zusagen/i }));
    expect(await screen.findByText('Diese Einladung kann nicht mehr beantwortet werden.')).toBeTruthy();
    expect(screen.getAllByTestId('invite-card')).toHaveLength(1);
  });

  it('shows Accept and Decline only where the can flags allow', async () => {
    show(
      {
        [`GET ${INVITES('expired')}`]: page([
          invite('1'.repeat(24), { inviteStatus: 'expired', can: { accept: false, reject: false } }),
          invite('2'.repeat(24), {
            inviteStatus: 'expired',
            invitable: invitable({ name: 'Sommerfest' }),
            can: { accept: true, reject: false },
          }),
        ]),
      },
      '/appointments/invites?tab=expired',
    );
    const [locked, retroactive] = await screen.findAllByTestId('invite-card');
    expect(within(locked!).queryAllByRole('button')).toEqual([]);
    expect(within(locked!).getByText('Abgelaufen')).toBeTruthy();
    expect(within(retroactive!).getByRole('button', { name: /zusagen/i })).toBeTruthy();
    expect(within(retroactive!).queryByRole('button', { name: /absagen/i })).toBeNull();
  });

  it('shows accepting a fully booked appointment disabled, with the reason, and declining enabled', async () => {
    show({
      [`GET ${INVITES('open')}`]: page([
        invite('1'.repeat(24), {
          invitable: invitable({ name: 'Erste-Hilfe-Kurs' }),
          total_attendees_enforced_and_exceeded: true,
          can: { accept: false, reject: true },
        }),
      ]),
    });
    const card = await screen.findByTestId('invite-card');
    const accept = within(card).getByRole('button', { name: 'Einladung zu „Erste-Hilfe-Kurs“ zusagen' });
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(
      within(card).getByRole('button', { name: 'Einladung zu „Erste-Hilfe-Kurs“ absagen' }).hasAttribute('disabled'),
    ).toBe(false);
    const reason = within(card).getByText('Der Termin ist ausgebucht.');
    // The disabled button says why.
    expect(accept.getAttribute('aria-describedby')).toBe(reason.id);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows an obsolete invite of a deleted appointment without a link', async () => {
    show(
      {
        [`GET ${INVITES('obsolete')}`]: page([
          invite('1'.repeat(24), {
            inviteStatus: 'obsolete',
            invitable: invitable({ id: null, path: null, name: 'Gelöschter Termin', calendars: [] }),
            can: { accept: false, reject: false },
          }),
        ]),
      },
      '/appointments/invites?tab=obsolete',
    );
    const card = await screen.findByTestId('invite-card');
    expect(within(card).getByText('Gelöschter Termin')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Gelöschter Termin' })).toBeNull();
    expect(within(card).getByText('Hinfällig')).toBeTruthy();
  });

  it('has an empty state of its own in each tab', async () => {
    const empty = {
      open: 'Keine offenen Einladungen',
      upcoming: 'Keine bevorstehenden Termine',
      accepted: 'Keine zugesagten Termine',
      declined: 'Keine abgesagten Termine',
      expired: 'Keine abgelaufenen Einladungen',
      obsolete: 'Keine hinfälligen Einladungen',
    };
    for (const [tab, text] of Object.entries(empty)) {
      const view = show(
        {
          [`GET ${INVITES(tab)}`]: page([]),
          [`GET ${PARTICIPATIONS(tab)}`]: page([]),
        },
        `/appointments/invites?tab=${tab}`,
      );
      expect(await screen.findByText(text)).toBeTruthy();
      view.unmount();
    }
  });

  it('renders "Missing component" for an unknown type and still shows the rest', async () => {
    show({
      [`GET ${INVITES('open')}`]: page([
        { ...invite('1'.repeat(24)), invitable_type: 'Survey' } as unknown as AppointmentInvite,
        { ...invite('2'.repeat(24)), type: 'group_invite' } as unknown as AppointmentInvite,
        invite('3'.repeat(24), { invitable: invitable({ name: 'Sommerfest' }) }),
      ]),
      [`GET ${PARTICIPATIONS('upcoming')}`]: page([
        { ...participation('4'.repeat(24)), invitable_type: 'Task' } as unknown as AppointmentParticipation,
      ]),
    });
    expect(await screen.findByText('Sommerfest')).toBeTruthy();
    const missing = screen.getAllByTestId('missing-component');
    expect(missing).toHaveLength(2);
    expect(missing[0]!.textContent).toContain('Fehlende Komponente');

    fireEvent.click(screen.getByRole('tab', { name: 'Bevorstehend' }));
    await waitFor(() => expect(screen.getAllByTestId('missing-component')).toHaveLength(1));
  });

  it('shows a failed list with a retry', async () => {
    const { table } = show({ [`GET ${INVITES('open')}`]: { status: 500, body: { error: 'internal' } } });
    const retry = await screen.findByRole('button', { name: /erneut/i });
    table[`GET ${INVITES('open')}`] = page([invite('1'.repeat(24))]);
    fireEvent.click(retry);
    expect(await screen.findByTestId('invite-card')).toBeTruthy();
  });
});

describe('invites inbox registration', () => {
  it('wins /appointments/invites over /appointments/:appointmentId', () => {
    const routes = [...(calendarsFeature.routes ?? []), ...(appointmentsFeature.routes ?? [])];
    expect(matchRoutes(routes, '/appointments/invites')?.at(-1)?.route.path).toBe('appointments/invites');
    expect(matchRoutes(routes, `/appointments/${APPOINTMENT_ID}`)?.at(-1)?.route.path).toBe(
      'appointments/:appointmentId',
    );
  });

  it('is a link of the user menu with the Calendars count', () => {
    const entry = appointmentsFeature.userMenu?.find((e) => e.key === 'appointment_invites');
    expect(entry?.path({} as never)).toBe('/appointments/invites');
    expect(entry?.unread?.(unreads(4))).toBe(4);
  });
});
