import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { packCalendarIds, type Appointment, type AppointmentListItem, type Calendar } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations } from '../../../ui/testing.tsx';
import { browserTimeZone } from '../api.ts';
import { appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { calendar, context, listItem, renderPages } from '../testing.tsx';
import { AppointmentsOverviewPage, MyCalendarsOverviewPage, ParticipatingOverviewPage } from './overview-page.tsx';
import { DATE_STORAGE_KEY, VIEW_STORAGE_KEY } from './overview-state.ts';

const routes = [
  { path: '/appointments', element: <AppointmentsOverviewPage /> },
  { path: '/appointments/participating', element: <ParticipatingOverviewPage /> },
  { path: '/calendars/my', element: <MyCalendarsOverviewPage /> },
  { path: '/groups/:groupSlug/calendars', element: <AppointmentsOverviewPage /> },
];

function monthPath(
  date: string,
  { view = 'sheet', ids, participating = false }: { view?: string; ids?: string[]; participating?: boolean } = {},
) {
  const query = new URLSearchParams({ date, view, type: 'month', time_zone: browserTimeZone() });
  if (ids) query.set('calendar_ids', ids.join(','));
  return `/appointments${participating ? '/participating' : ''}?${query}`;
}

const GET = (path: string) => `GET ${path}`;

function month(appointments: AppointmentListItem[]) {
  return { status: 200, body: { from: '2026-10-26', to: '2026-12-07', appointments, truncated: false } };
}

const network = calendar(1, { can: { update: true, destroy: false, create_appointments: true } });
const group = calendar(2, { type: 'group', category_name: 'Projekte', name: 'Projektkalender' });
const personal = calendar(3, { type: 'personal', name: 'Privat', color: 'e03131' });

function stub(
  extra: Record<string, { status: number; body?: unknown }> = {},
  list: Calendar[] = [network, group, personal],
) {
  return stubFetch({
    'GET /calendars': { status: 200, body: { calendars: list } },
    'GET /api/v1/calendars/context': { status: 200, body: context() },
    ...extra,
  });
}

const clipboard = vi.fn(async (_text: string) => {});
const matchMedia = window.matchMedia;

/** A window of the given width, as far as media queries are asked. */
function windowWidth(px: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || px >= Number(min[1])) && (!max || px <= Number(max[1])) && !!(min || max);
    return { ...matchMedia(query), matches };
  }) as typeof window.matchMedia;
}

describe('calendar overview', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
    clipboard.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboard }, configurable: true });
    windowWidth(1280);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.matchMedia = matchMedia;
  });

  it('loads the month in the browser’s zone, moves by months and keeps the date for the session', async () => {
    const calls = stub({
      [GET(monthPath('2026-11-01'))]: month([listItem(1)]),
      [GET(monthPath('2026-12-01'))]: month([
        listItem(2, { date: { ...listItem(2).date, start: '2026-12-03T09:00:00+01:00', end: null } }),
      ]),
      [GET(monthPath('2026-10-01'))]: month([]),
    });
    renderPages(routes, '/appointments');
    expect(await screen.findByText('Termin 1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Termine' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    expect(await screen.findByText('Termin 2')).toBeTruthy();
    expect(sessionStorage.getItem(DATE_STORAGE_KEY)).toBe('2026-12-01');

    fireEvent.click(screen.getByRole('button', { name: 'Heute' }));
    await waitFor(() => expect(sessionStorage.getItem(DATE_STORAGE_KEY)).toBe('2026-11-20'));
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    await waitFor(() => expect(calls.some((c) => c.path === monthPath('2026-10-01'))).toBe(true));
    // One request per month, never one per calendar.
    expect(calls.filter((c) => c.path.startsWith('/appointments?'))).toHaveLength(3);
  });

  it('returns to the month and view of the session', async () => {
    sessionStorage.setItem(DATE_STORAGE_KEY, '2027-03-15');
    sessionStorage.setItem(VIEW_STORAGE_KEY, 'list');
    const march = listItem(1, { date: { ...listItem(1).date, start: '2027-03-16T10:00:00+01:00', end: null } });
    const calls = stub({ [GET(monthPath('2027-03-01', { view: 'list' }))]: month([march]) });
    renderPages(routes, '/appointments');
    expect(await screen.findByRole('link', { name: 'Termin 1' })).toBeTruthy();
    expect(calls.some((c) => c.path === monthPath('2027-03-01', { view: 'list' }))).toBe(true);
  });

  it('switches between sheet and list; the list shows an empty state, the sheet stays', async () => {
    stub({
      [GET(monthPath('2026-11-01'))]: month([]),
      [GET(monthPath('2026-11-01', { view: 'list' }))]: month([]),
    });
    renderPages(routes, '/appointments');
    await waitFor(() => expect(screen.getByTestId('month-calendar').dataset['view']).toBe('sheet'));
    expect(screen.queryByText('Keine Termine in diesem Monat')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Liste' }));
    expect(await screen.findByText('Keine Termine in diesem Monat')).toBeTruthy();
    expect(sessionStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');
    fireEvent.click(screen.getByRole('radio', { name: 'Monat' }));
    await waitFor(() => expect(screen.getByTestId('month-calendar').dataset['view']).toBe('sheet'));
  });

  it('keeps the chosen calendars in calendarIds and asks only for them', async () => {
    const calls = stub({
      [GET(monthPath('2026-11-01'))]: month([listItem(1)]),
      [GET(monthPath('2026-11-01', { ids: [network.id, personal.id] }))]: month([]),
    });
    const { router } = renderPages(routes, '/appointments');
    await screen.findByText('Termin 1');

    fireEvent.click(screen.getByRole('button', { name: 'Kalender' }));
    const dialog = await screen.findByRole('dialog');
    // Grouped: the network, the groups by category, the member's own.
    expect(within(dialog).getByRole('group', { name: 'Netzwerk' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Projekte' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Meine Kalender' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Projektkalender' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('calendarIds')).toBe(
        packCalendarIds([network.id, personal.id]),
      ),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.path === monthPath('2026-11-01', { ids: [network.id, personal.id] }))).toBe(true),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keinen auswählen' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('calendarIds')).toBe(''));
    expect(await screen.findByText('Kein Kalender gewählt')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Alle auswählen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers a new appointment only with the right, with calendar_id when one calendar is in focus', async () => {
    stub({
      'GET /api/v1/calendars/context': { status: 200, body: context({ network: { create_appointments: false } }) },
      [GET(monthPath('2026-11-01'))]: month([]),
    });
    const first = renderPages(routes, '/appointments');
    await screen.findByTestId('month-calendar');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kalender' })).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Neuer Termin' })).toBeNull();
    first.unmount();

    stub({ [GET(monthPath('2026-11-01', { ids: [network.id] }))]: month([]) });
    const { router } = renderPages(routes, `/appointments?calendarIds=${packCalendarIds([network.id])}`);
    const add = await screen.findByRole('link', { name: 'Neuer Termin' });
    await waitFor(() => expect(add.getAttribute('href')).toBe(`/appointments/new?calendar_id=${network.id}`));

    // Double-click on a day: the form for that day.
    const day = document.querySelector('.fc-daygrid-day[data-date="2026-11-18"]')!;
    fireEvent.doubleClick(day);
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/new'));
    expect(router.state.location.search).toBe(`?date=2026-11-18&calendar_id=${network.id}`);
  });

  it('shows only the group’s calendars in a group, and creates there only with the group’s right', async () => {
    const teamCalendar = calendar(5, {
      type: 'group',
      name: 'Team',
      can: { update: false, destroy: false, create_appointments: true },
    });
    const teamOther = calendar(6, { type: 'group', name: 'Team intern' });
    const calls = stubFetch({
      'GET /groups/team/calendars': { status: 200, body: { calendars: [teamCalendar, teamOther] } },
      'GET /api/v1/calendars/context?group_slug=team': {
        status: 200,
        body: context({
          group: {
            id: 'c'.repeat(24),
            slug: 'team',
            name: 'Team',
            can: { create_calendars: false, create_appointments: true },
          },
        }),
      },
      [GET(monthPath('2026-11-01', { ids: [teamCalendar.id, teamOther.id] }))]: month([listItem(7)]),
    });
    renderPages(routes, '/groups/team/calendars');
    expect(await screen.findByText('Termin 7')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Termine · Team' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/calendars')).toBe(false);
    expect((await screen.findByRole('link', { name: 'Neuer Termin' })).getAttribute('href')).toBe('/appointments/new');
  });

  it('starts “my calendars” with the member’s personal calendars and “participating” with their appointments', async () => {
    const calls = stub({
      [GET(monthPath('2026-11-01', { ids: [personal.id] }))]: month([listItem(3)]),
      [GET(monthPath('2026-11-01', { participating: true }))]: month([listItem(4)]),
    });
    const my = renderPages(routes, '/calendars/my');
    expect(await screen.findByText('Termin 3')).toBeTruthy();
    my.unmount();
    renderPages(routes, '/appointments/participating');
    expect(await screen.findByText('Termin 4')).toBeTruthy();
    expect(calls.some((c) => c.path === monthPath('2026-11-01', { participating: true }))).toBe(true);
  });

  it('marks recurring and canceled appointments and shows at least 4 a day, then “more”', async () => {
    const day = (n: number, overrides: Partial<AppointmentListItem> = {}) => listItem(n, overrides);
    stub({
      [GET(monthPath('2026-11-01'))]: month([
        day(1, { recurring: true, id: `r-${'a'.repeat(24)}-20261110T1000` }),
        day(2, { canceled: true }),
        day(3),
        day(4),
        day(5),
        day(6),
      ]),
    });
    renderPages(routes, '/appointments');
    await screen.findByText('Termin 1');
    expect(screen.getAllByRole('img', { name: 'Wiederkehrender Termin' })).toHaveLength(1);
    expect(screen.getByText('(Abgesagt)', { exact: false })).toBeTruthy();
    const cell = document.querySelector('.fc-daygrid-day[data-date="2026-11-10"]') as HTMLElement;
    await waitFor(() => expect(within(cell).getByText('+2 weitere')).toBeTruthy());
    expect(
      cell.querySelectorAll('.fc-daygrid-event-harness:not(.fc-daygrid-event-harness-abs) .fc-event').length,
    ).toBeGreaterThanOrEqual(4);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Kalender' }));
    await screen.findByRole('dialog');
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('copies the URL of the view with its calendars', async () => {
    stub({ [GET(monthPath('2026-11-01', { ids: [group.id] }))]: month([]) });
    renderPages(routes, `/appointments?calendarIds=${packCalendarIds([group.id])}`);
    // The button of wide screens (the menu of phones does the same, tested below).
    fireEvent.click(await screen.findByRole('button', { name: 'Link zu dieser Ansicht kopieren' }));
    await waitFor(() => expect(clipboard).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Kalender verwalten' }).getAttribute('href')).toBe('/calendars/manage');
    expect(screen.getByRole('link', { name: 'Kalender abonnieren' }).getAttribute('href')).toBe('/calendars/subscribe');
    expect(clipboard.mock.calls[0]![0]).toBe(
      `${window.location.origin}/appointments?calendarIds=${packCalendarIds([group.id])}`,
    );
    expect(await screen.findByText('URL kopiert.')).toBeTruthy();
  });

  it('answers a refused copy with the generic error', async () => {
    clipboard.mockRejectedValueOnce(new Error('denied'));
    stub({ [GET(monthPath('2026-11-01'))]: month([]) });
    renderPages(routes, '/appointments');
    fireEvent.click(await screen.findByRole('button', { name: 'Weitere Aktionen' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Link zu dieser Ansicht kopieren' }));
    expect(await screen.findByText('Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.')).toBeTruthy();
  });

  it('forces the list below 768 px, with the view switch a button group above 640 px and a select below', async () => {
    windowWidth(700);
    const coming = listItem(1, { date: { ...listItem(1).date, start: '2026-11-24T10:00:00+01:00', end: null } });
    const calls = stub({ [GET(monthPath('2026-11-01', { view: 'list' }))]: month([coming]) });
    const tablet = renderPages(routes, '/appointments');
    expect(await screen.findByRole('link', { name: 'Termin 1' })).toBeTruthy();
    expect(calls.some((c) => c.path === monthPath('2026-11-01', { view: 'list' }))).toBe(true);
    expect((screen.getByRole('radio', { name: 'Monat' }) as HTMLInputElement).disabled).toBe(true);
    // The member's own choice stays for wider windows.
    expect(sessionStorage.getItem(VIEW_STORAGE_KEY)).toBeNull();
    tablet.unmount();

    windowWidth(375);
    renderPages(routes, '/appointments');
    expect(await screen.findByRole('link', { name: 'Termin 1' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Monat' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Ansicht' }) as HTMLInputElement).value).toBe('Liste');
  });

  it('starts the list of the current month at today, with the earlier days on request and “Today” going back', async () => {
    windowWidth(390);
    const on = (n: number, start: string) => listItem(n, { date: { ...listItem(n).date, start, end: null } });
    stub({
      [GET(monthPath('2026-11-01', { view: 'list' }))]: month([
        on(1, '2026-11-02T10:00:00+01:00'),
        on(2, '2026-11-10T10:00:00+01:00'),
        on(3, '2026-11-24T10:00:00+01:00'),
      ]),
      [GET(monthPath('2026-12-01', { view: 'list' }))]: month([on(4, '2026-12-03T10:00:00+01:00')]),
    });
    renderPages(routes, '/appointments');
    // Nothing on the 20th: the list opens at the next day with appointments.
    expect(await screen.findByRole('link', { name: 'Termin 3' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Termin 1' })).toBeNull();
    expect(document.querySelector('.fc-list-day')?.getAttribute('data-date')).toBe('2026-11-24');

    fireEvent.click(screen.getByRole('button', { name: '2 frühere Termine dieses Monats anzeigen' }));
    expect(await screen.findByRole('link', { name: 'Termin 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Termin 2' })).toBeTruthy();
    expect(document.querySelector('.fc-list-day')?.getAttribute('data-date')).toBe('2026-11-02');
    expect(screen.getByRole('button', { name: 'Nur ab heute anzeigen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Heute' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Termin 1' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Termin 3' })).toBeTruthy();

    // Other months start at their 1st, with nothing to bring back.
    fireEvent.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    expect(await screen.findByRole('link', { name: 'Termin 4' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /frühere Termine?/ })).toBeNull();
  }, 20_000);

  it('says so when the current month has nothing left, and keeps the earlier days within reach', async () => {
    windowWidth(390);
    const past = listItem(1, { date: { ...listItem(1).date, start: '2026-11-02T10:00:00+01:00', end: null } });
    stub({ [GET(monthPath('2026-11-01', { view: 'list' }))]: month([past]) });
    renderPages(routes, '/appointments');
    const toggle = await screen.findByRole('button', { name: '1 früheren Termin dieses Monats anzeigen' });
    expect(await screen.findByText('Keine weiteren Termine in diesem Monat')).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByRole('link', { name: 'Termin 1' })).toBeTruthy();
  });

  it('shows a title cut in a day cell in full while the appointment is hovered or focused', async () => {
    const long = `Planung${'x'.repeat(240)}`;
    // jsdom lays nothing out: a title is as wide as its text and the cells are narrow.
    // (Defined on HTMLElement over jsdom's Element getters, and removed again afterwards.)
    const proto = HTMLElement.prototype;
    Object.defineProperties(proto, {
      scrollWidth: {
        configurable: true,
        get(this: HTMLElement) {
          return (this.textContent ?? '').length * 7;
        },
      },
      clientWidth: { configurable: true, get: () => 120 },
    });
    try {
      stub({ [GET(monthPath('2026-11-01'))]: month([listItem(1, { name: long }), listItem(2)]) });
      renderPages(routes, '/appointments');
      const title = await screen.findByText(long);
      const link = title.closest('a')!;
      // The link is named by the whole title; the tooltip shows it to the eye.
      expect(link.textContent).toContain(long);
      fireEvent.focus(link);
      expect((await screen.findByRole('tooltip')).textContent).toBe(long);
      fireEvent.blur(link);
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
      fireEvent.mouseEnter(link);
      expect((await screen.findByRole('tooltip')).textContent).toBe(long);
      fireEvent.mouseLeave(link);
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

      // A title that fits gets none.
      const short = screen.getByText('Termin 2').closest('a')!;
      fireEvent.focus(short);
      await act(async () => {});
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      Reflect.deleteProperty(proto, 'scrollWidth');
      Reflect.deleteProperty(proto, 'clientWidth');
    }
  }, 20_000);
});

function detail(item: AppointmentListItem, overrides: Partial<Appointment> = {}): Appointment {
  const base = appointmentFixture();
  return appointmentFixture({
    id: item.id,
    name: item.name,
    description: '',
    description_rendered: '',
    type: item.type,
    path: item.path,
    calendar_ids: item.calendar_ids,
    calendars: [{ id: network.id, name: network.name, color: network.color, type: 'network', group_slug: null }],
    date: item.date,
    location: {
      ...base.location,
      name: 'Rathaus',
      address1: 'Marktplatz 1',
      zip: '10115',
      city: 'Berlin',
      maps_url: 'https://www.openstreetmap.org/search?query=Marktplatz%201',
    },
    // A reader's view: nothing to change.
    can: Object.fromEntries(Object.keys(base.can).map((k) => [k, false])) as Appointment['can'],
    ...overrides,
  });
}

describe('appointment popup', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboard }, configurable: true });
    windowWidth(1280);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.matchMedia = matchMedia;
  });

  it('shows the details, the description cut at 500 characters and the meeting link at 65', async () => {
    const item = listItem(1);
    const longText = `${'Wort '.repeat(120)}Ende`;
    const meeting = `https://meet.example.com/${'x'.repeat(80)}`;
    stub({
      [GET(monthPath('2026-11-01'))]: month([item]),
      [`GET /appointments/${item.id}`]: {
        status: 200,
        body: detail(item, {
          description_rendered: `<p>${longText}</p>`,
          meeting: { ...detail(item).meeting, join_url: meeting, has_meeting: true },
        }),
      },
    });
    renderPages(routes, '/appointments');
    fireEvent.click(await screen.findByText('Termin 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Termin 1' });
    expect(await within(dialog).findByText('Rathaus')).toBeTruthy();
    expect(within(dialog).getByText('Kalender 1')).toBeTruthy();
    expect(within(dialog).getByText(/10\.11\.2026 \d\d:00 – \d\d:00/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Auf der Karte zeigen' })).toBeTruthy();

    const description = within(dialog).getByTestId('popup-description');
    expect(description.textContent!.length).toBeLessThanOrEqual(501);
    expect(description.textContent!.endsWith('…')).toBe(true);
    expect(description.textContent).not.toContain('Ende');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weiterlesen' }));
    await waitFor(() => expect(within(dialog).getByTestId('popup-description').textContent).toContain('Ende'));

    const label = within(dialog).getByRole('link', { name: /^https:\/\/meet\.example\.com/ });
    expect(label.textContent).toBe(`${meeting.slice(0, 65)}…`);
    expect(label.getAttribute('href')).toBe(meeting);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Meeting-Link kopieren' }));
    await waitFor(() => expect(clipboard).toHaveBeenCalledWith(meeting));
    expect(await screen.findByText('Meeting-Link kopiert.')).toBeTruthy();

    expect(within(dialog).getByRole('link', { name: 'Termin öffnen' }).getAttribute('href')).toBe(item.path);
    expect(within(dialog).queryByRole('button', { name: 'Meeting starten' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('starts the meeting when the appointment allows it', async () => {
    const item = listItem(1);
    const calls = stub({
      [GET(monthPath('2026-11-01'))]: month([item]),
      [`GET /appointments/${item.id}`]: {
        status: 200,
        body: detail(item, { can: { ...detail(item).can, start_meeting: true } }),
      },
      [`POST /appointments/${item.id}/start-meeting`]: {
        status: 200,
        body: { join_url: 'https://meet.example.org/room-1' },
      },
    });
    // The tab opens in the click (popup blockers allow that), the meeting's address follows.
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPages(routes, '/appointments');
    fireEvent.click(await screen.findByText('Termin 1'));
    const dialog = await screen.findByRole('dialog', { name: 'Termin 1' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Meeting starten' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/appointments/${item.id}/start-meeting`)).toBe(true),
    );
    expect(await screen.findByText('Das Meeting wurde gestartet.')).toBeTruthy();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('https://meet.example.org/room-1');
    expect(tab.opener).toBeNull();
    open.mockRestore();
    await act(async () => {});
  });
});
