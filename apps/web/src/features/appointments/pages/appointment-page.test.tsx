import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { APPOINTMENT_THEME_CONTEXTS } from '../theme-context.ts';
import { appointmentTypeViews } from '../type-registry.ts';
import {
  APPOINTMENT_ID,
  CALENDAR_ID,
  GROUP_CALENDAR_ID,
  SERIES_ID,
  appointmentFixture,
  contextFixture,
  eventFile,
} from '../../../testing/appointment-fixtures.ts';
import { AppointmentPage } from './appointment-page.tsx';

const CONTEXT = '/api/v1/calendars/context';
const OCCURRENCE_ID = `r-${SERIES_ID}-20300310T1000`;
let originalTz: string | undefined;

function show(appointment: Appointment, options: { retroactive?: boolean } = {}) {
  const calls = stubFetch({
    [`GET /appointments/${encodeURIComponent(appointment.id)}`]: { status: 200, body: appointment },
    [`GET ${CONTEXT}`]: { status: 200, body: contextFixture(options) },
    [`DELETE /appointments/${encodeURIComponent(appointment.id)}`]: { status: 204 },
    [`DELETE /appointments/${encodeURIComponent(appointment.id)}?apply_to=this`]: { status: 204 },
  });
  const view = renderUi(
    <Routes>
      <Route path="/appointments" element={<p>Übersicht</p>} />
      <Route path="/appointments/:appointmentId" element={<AppointmentPage />} />
      <Route path="/appointments/:appointmentId/edit" element={<p>Formular</p>} />
    </Routes>,
    { path: `/appointments/${appointment.id}` },
  );
  return { ...view, calls };
}

describe('AppointmentPage', () => {
  beforeAll(() => {
    // The page shows times in the reader's zone: the tests read them in Berlin.
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
  afterEach(() => {
    for (const key of Object.keys(appointmentTypeViews)) delete appointmentTypeViews[key];
  });

  it('shows the appointment: date, recurrence in words, calendars, location, links, description', async () => {
    show(
      appointmentFixture({
        recurrence_pattern: {
          recurrence_frequency: 'custom',
          recurrence_interval: 2,
          recurrence_unit: 'weekly',
          recurrence_end_time: '2030-12-31',
        },
        type: 'recurring_appointment',
        unknown_calendars: 1,
        location: {
          name: 'Kantine',
          address1: 'Hauptstraße 1',
          address2: null,
          zip: '10115',
          city: 'Berlin',
          country: 'Deutschland',
          link: 'https://example.com/kantine',
          meeting_link_type: null,
          maps_url: 'https://www.openstreetmap.org/search?query=Hauptstra%C3%9Fe%201',
        },
        meeting: {
          room_id: null,
          room_name: null,
          join_url: 'https://meet.example.com/abc',
          conference_call_phone_number: '+49 30 123',
          conference_call_access_code: '4711',
          app_url: null,
          has_meeting: true,
        },
        category: { id: '1'.repeat(24), label: 'Feier' },
        contacts: [{ id: '2'.repeat(24), name: 'Bernd Brot', path: '/members/bernd' }],
        application_configuration: {
          registration_required: true,
          registration_deadline: '2030-03-05T18:00:00+01:00',
          registration_with_costs: true,
          costs: 12.5,
          currency: '€',
          url: 'https://tickets.example.com',
        },
        event_image: { id: '3'.repeat(24), large_thumb: '/api/storage/images/333/get/1920x1200' },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Teamfrühstück' })).toBeTruthy();
    expect(screen.getByTestId('appointment-date').textContent).toBe('10.03.2030, 10:00 – 11:00 Uhr');
    expect(screen.getByTestId('appointment-recurrence').textContent).toBe('Alle 2 Wochen bis 31.12.2030');
    expect(screen.getByText('Netzwerk')).toBeTruthy();
    expect(screen.getByText('und 1 Kalender, den Sie nicht sehen können')).toBeTruthy();
    expect(screen.getByText(/Hauptstraße 1\s+10115 Berlin\s+Deutschland/)).toBeTruthy();
    const map = screen.getByRole('link', { name: 'Auf der Karte zeigen' });
    expect(map.getAttribute('href')).toContain('openstreetmap.org');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'An der Besprechung teilnehmen' }).getAttribute('href')).toBe(
      'https://meet.example.com/abc',
    );
    expect(screen.getByRole('button', { name: 'Besprechungslink kopieren' })).toBeTruthy();
    expect(screen.getByText('Zugangscode: 4711')).toBeTruthy();
    expect(screen.getByText('Anmeldung bis 05.03.2030 18:00')).toBeTruthy();
    expect(screen.getByText('Kosten: 12,50 €')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tickets' })).toBeTruthy();
    expect(screen.getByText('Feier')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bernd Brot' }).getAttribute('href')).toBe('/members/bernd');
    expect(screen.getByTestId('appointment-description').innerHTML).toContain('<strong>Brötchen</strong>');
    expect(screen.getByRole('link', { name: 'Anna Adler' })).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/storage/images/333/get/1920x1200');
    expect(screen.getByRole('link', { name: 'Als iCal herunterladen' }).getAttribute('href')).toBe(
      `/appointments/${APPOINTMENT_ID}.ics`,
    );
    // Only what is set: no banner for a future appointment in the reader's own zone.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-testid^="banner-"]')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the canceled banner and the past banner in the wording of the network', async () => {
    const past = appointmentFixture({
      canceled: true,
      date: { start: '2020-03-10', end: '2020-03-12', all_day: true, time_zone: 'America/New_York', same_day: false },
    });
    show(past);
    expect(await screen.findByText('Dieser Termin wurde abgesagt.')).toBeTruthy();
    expect(screen.getByText('Dieser Termin liegt in der Vergangenheit.')).toBeTruthy();
    expect(screen.getByTestId('appointment-date').textContent).toBe('10.03.2020 – 12.03.2020, ganztägig');
    // All-day appointments are the same days everywhere: no time zone banner.
    expect(screen.queryByTestId('banner-time-zone')).toBeNull();
  });

  it('says that a past appointment can still be answered when the network allows it', async () => {
    show(
      appointmentFixture({ date: { ...appointmentFixture().date, start: '2020-03-10T10:00:00+01:00', end: null } }),
      {
        retroactive: true,
      },
    );
    expect(
      await screen.findByText('Dieser Termin liegt in der Vergangenheit; Sie können trotzdem noch antworten.'),
    ).toBeTruthy();
    expect(screen.getByTestId('appointment-date').textContent).toBe('10.03.2020, 10:00 Uhr');
  });

  it('names the original time zone when it differs from the reader’s', async () => {
    show(
      appointmentFixture({
        date: {
          start: '2030-03-10T10:00:00-04:00',
          end: '2030-03-10T11:30:00-04:00',
          all_day: false,
          time_zone: 'America/New_York',
          same_day: true,
        },
      }),
    );
    const banner = await screen.findByTestId('banner-time-zone');
    expect(banner.textContent).toBe(
      'Die Zeiten werden in Ihrer Zeitzone (Europe/Berlin) angezeigt. Der Termin wurde in America/New York geplant: 10.03.2030, 10:00 – 11:30 Uhr',
    );
    expect(screen.getByTestId('appointment-date').textContent).toBe('10.03.2030, 15:00 – 16:30 Uhr');
  });

  it('lists the first two files, and all after "show more"', async () => {
    show(appointmentFixture({ event_files: [eventFile(1), eventFile(2), eventFile(3)] }));
    expect(await screen.findByText('Dateien (3)')).toBeTruthy();
    expect(screen.getAllByTestId('event-file')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Datei 1.pdf' }).getAttribute('href')).toBe(eventFile(1).url);
    expect(screen.getByText('4,1 kB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1 weitere Datei anzeigen' }));
    expect(screen.getAllByTestId('event-file')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /weitere Datei/ })).toBeNull();
  });

  it('offers no context menu without any flag for its actions', async () => {
    show(
      appointmentFixture({
        can: {
          ...appointmentFixture().can,
          update: false,
          destroy: false,
          contact: false,
          update_participants: false,
          download_attendees: false,
        },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Teamfrühstück' });
    expect(screen.queryByRole('button', { name: 'Weitere Aktionen' })).toBeNull();
  });

  it('edits from the context menu', async () => {
    const { router } = show(appointmentFixture({ can: { ...appointmentFixture().can, destroy: false } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Weitere Aktionen' }));
    expect(await screen.findByRole('menuitem', { name: 'Bearbeiten' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Löschen' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Bearbeiten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${APPOINTMENT_ID}/edit`));
  });

  it('deletes a single appointment after confirmation, then shows the overview', async () => {
    const { calls, router } = show(appointmentFixture());
    fireEvent.click(await screen.findByRole('button', { name: 'Weitere Aktionen' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('„Teamfrühstück“ löschen?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/appointments/${APPOINTMENT_ID}`]);
    expect(await screen.findByText('Erfolgreich gelöscht.')).toBeTruthy();
  });

  it('asks "this or the whole series" before deleting an occurrence', async () => {
    const occurrence = appointmentFixture({
      id: OCCURRENCE_ID,
      type: 'virtual_appointment',
      series_id: SERIES_ID,
      recurrence_pattern: { ...appointmentFixture().recurrence_pattern, recurrence_frequency: 'weekly' },
      previous_occurrence_url: `/appointments/r-${SERIES_ID}-20300303T1000`,
      next_occurrence_url: `/appointments/r-${SERIES_ID}-20300317T1000`,
      recurring_appointment_url: `/appointments/${SERIES_ID}`,
    });
    const { calls, router } = show(occurrence);
    expect(await screen.findByRole('link', { name: 'Vorheriger Termin der Serie' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nächster Termin der Serie' }).getAttribute('href')).toBe(
      `/appointments/r-${SERIES_ID}-20300317T1000`,
    );
    expect(screen.getByRole('link', { name: 'Serie anzeigen' }).getAttribute('href')).toBe(
      `/appointments/${SERIES_ID}`,
    );
    expect(screen.getByTestId('appointment-recurrence').textContent).toBe('Wöchentlich');

    fireEvent.click(screen.getByRole('button', { name: 'Weitere Aktionen' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Serientermin löschen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nur diesen Termin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/appointments/${OCCURRENCE_ID}?apply_to=this`,
    ]);
  });

  it('hands a non-standard type to its own view', async () => {
    appointmentTypeViews.course = ({ appointment }) => <p>Kursansicht: {appointment.name}</p>;
    show(appointmentFixture({ type: 'course' }));
    expect(await screen.findByText('Kursansicht: Teamfrühstück')).toBeTruthy();
    expect(screen.queryByTestId('appointment-date')).toBeNull();
    // An unknown type without a view of its own gets the standard one.
    delete appointmentTypeViews.course;
  });
});

describe('appointment theme contexts', () => {
  it('resolves the groups of the appointment’s calendars, and nothing for paths without an id', async () => {
    stubFetch({
      [`GET /appointments/${APPOINTMENT_ID}`]: {
        status: 200,
        body: appointmentFixture({
          calendars: [
            { id: CALENDAR_ID, name: 'Netzwerk', color: '1971c2', type: 'network', group_slug: null },
            { id: GROUP_CALENDAR_ID, name: 'Chor', color: '2f9e44', type: 'group', group_slug: 'chor' },
          ],
        }),
      },
    });
    const resolver = APPOINTMENT_THEME_CONTEXTS[0]!;
    const queryClient = new QueryClient();
    const search = new URLSearchParams();
    await expect(resolver.resolve({ appointmentId: APPOINTMENT_ID }, search, queryClient)).resolves.toEqual([
      { type: 'group', slug: 'chor' },
    ]);
    await expect(resolver.resolve({ appointmentId: 'new' }, search, queryClient)).resolves.toEqual([]);
  });
});
