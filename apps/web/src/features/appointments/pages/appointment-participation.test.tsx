import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import {
  APPOINTMENT_ID,
  SERIES_ID,
  appointmentFixture,
  contextFixture,
  eventFile,
  participantFixture,
} from '../../../testing/appointment-fixtures.ts';
import { AppointmentPage } from './appointment-page.tsx';

const OCCURRENCE_ID = `r-${SERIES_ID}-20300310T1000`;
const base = appointmentFixture();
let originalTz: string | undefined;
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

type Answers = Record<string, { status: number; body?: unknown }>;

/** Shows the page; `changed` is what the server answers for the appointment after a change. */
function show(appointment: Appointment, answers: Answers = {}, changed?: Appointment) {
  const path = `/appointments/${encodeURIComponent(appointment.id)}`;
  const table: Answers = {
    [`GET ${path}`]: { status: 200, body: appointment },
    ['GET /api/v1/calendars/context']: { status: 200, body: contextFixture() },
    ['GET /api/v1/network']: { status: 200, body: { config: { default_lock_period_days: 7 } } },
    ...answers,
  };
  const calls = stubFetch(table);
  if (changed) {
    // The stub reads its table on each call: from the first change on, the page reloads the new state.
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') !== 'GET') table[`GET ${path}`] = { status: 200, body: changed };
      return original(input, init);
    }) as typeof fetch;
  }
  const view = renderUi(
    <Routes>
      <Route path="/appointments/:appointmentId" element={<AppointmentPage />} />
      <Route path="/appointments/:appointmentId/participants" element={<p>Teilnehmendenverwaltung</p>} />
      <Route path="/appointments/:appointmentId/contact" element={<p>Kontaktformular</p>} />
    </Routes>,
    { path },
  );
  return { ...view, calls };
}

const sent = (calls: ReturnType<typeof stubFetch>, method: string) =>
  calls.filter((c) => c.method === method).map((c) => ({ path: c.path, body: c.body }));

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Weitere Aktionen' }));
  return screen.findByRole('menu');
}

describe('appointment detail: participation', () => {
  beforeAll(() => {
    originalTz = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
    windowWidth(1280);
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
    vi.restoreAllMocks();
  });

  describe('RSVP', () => {
    it('marks the current answer and sends a new one directly', async () => {
      const invited = appointmentFixture({ my_participant: { ...participantFixture(1, 'invited'), id: 'me' } });
      const accepted = appointmentFixture({ my_participant: { ...participantFixture(1, 'accepted'), id: 'me' } });
      const { calls } = show(
        invited,
        { [`PUT /appointments/${APPOINTMENT_ID}/participants/me`]: { status: 200, body: accepted } },
        accepted,
      );
      const rsvp = await screen.findByRole('region', { name: 'Ihre Teilnahme' });
      expect(within(rsvp).getByRole('button', { name: 'Keine Antwort' }).getAttribute('aria-pressed')).toBe('true');
      expect(within(rsvp).getByRole('button', { name: 'Zusagen' }).getAttribute('aria-pressed')).toBe('false');

      fireEvent.click(within(rsvp).getByRole('button', { name: 'Zusagen' }));
      expect(await screen.findByText('Ihre Antwort wurde gespeichert.')).toBeTruthy();
      expect(sent(calls, 'PUT')).toEqual([
        { path: `/appointments/${APPOINTMENT_ID}/participants/me`, body: { participant: { status: 'accepted' } } },
      ]);
      await waitFor(() =>
        expect(within(rsvp).getByRole('button', { name: 'Zusagen' }).getAttribute('aria-pressed')).toBe('true'),
      );
      // No dialog for a single appointment.
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(await axeViolations()).toEqual([]);
    }, 20_000);

    it('asks "this or all" for an occurrence of a series and sends apply_to', async () => {
      const occurrence = appointmentFixture({ id: OCCURRENCE_ID, type: 'virtual_appointment', series_id: SERIES_ID });
      const { calls } = show(occurrence, {
        [`PUT /appointments/${OCCURRENCE_ID}/participants/me`]: { status: 200, body: occurrence },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Absagen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Serientermin beantworten' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Für alle Termine der Serie' }));
      await waitFor(() =>
        expect(sent(calls, 'PUT')).toEqual([
          {
            path: `/appointments/${OCCURRENCE_ID}/participants/me`,
            body: { participant: { status: 'declined' }, apply_to: 'all' },
          },
        ]),
      );
    });

    it('sends nothing when the member closes the "this or all" dialog', async () => {
      const occurrence = appointmentFixture({ id: OCCURRENCE_ID, type: 'virtual_appointment', series_id: SERIES_ID });
      const { calls } = show(occurrence);
      fireEvent.click(await screen.findByRole('button', { name: 'Zusagen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Serientermin beantworten' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sent(calls, 'PUT')).toEqual([]);
    });

    it('disables every answer while participation is locked', async () => {
      show(
        appointmentFixture({ attendee_configuration: { ...base.attendee_configuration, participation_locked: true } }),
      );
      const rsvp = await screen.findByRole('region', { name: 'Ihre Teilnahme' });
      for (const name of ['Zusagen', 'Absagen', 'Keine Antwort']) {
        expect(within(rsvp).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
      }
      expect(within(rsvp).getByText('Die Teilnahme ist gesperrt.')).toBeTruthy();
    });

    it('disables every answer of a participant once the server no longer lets them answer (over)', async () => {
      show(
        appointmentFixture({
          can: { ...base.can, opt: false },
          my_participant: { ...participantFixture(1, 'invited'), id: 'me' },
        }),
      );
      const rsvp = await screen.findByRole('region', { name: 'Ihre Teilnahme' });
      for (const name of ['Zusagen', 'Absagen', 'Keine Antwort']) {
        expect(within(rsvp).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
      }
      expect(within(rsvp).getByText('Der Termin ist vorbei; Antworten sind nicht mehr möglich.')).toBeTruthy();
    });

    it('disables accepting when the enforced total is reached, unless already accepted, and shows the places', async () => {
      const full = appointmentFixture({
        attendee_configuration: { ...base.attendee_configuration, total: 3, total_attendees_enforced: true },
        attending_participants_count: 3,
        total_attendees_enforced_and_exceeded: true,
      });
      show(full);
      const rsvp = await screen.findByRole('region', { name: 'Ihre Teilnahme' });
      const accept = within(rsvp).getByRole('button', { name: 'Zusagen' });
      expect(accept.hasAttribute('disabled')).toBe(true);
      expect(within(rsvp).getByRole('button', { name: 'Absagen' }).hasAttribute('disabled')).toBe(false);
      // The disabled accept says why.
      expect(accept.getAttribute('aria-describedby')).toBe(within(rsvp).getByText('Alle Plätze sind vergeben.').id);
      expect(within(rsvp).getByText('3 von 3 Plätzen vergeben')).toBeTruthy();
    });

    it('keeps accepting enabled for a member who already accepted a full appointment', async () => {
      show(
        appointmentFixture({
          attendee_configuration: { ...base.attendee_configuration, total: 3, total_attendees_enforced: true },
          attending_participants_count: 3,
          total_attendees_enforced_and_exceeded: true,
          my_participant: { ...participantFixture(1, 'accepted'), id: 'me' },
        }),
      );
      const rsvp = await screen.findByRole('region', { name: 'Ihre Teilnahme' });
      expect(within(rsvp).getByRole('button', { name: 'Zusagen' }).hasAttribute('disabled')).toBe(false);
      expect(within(rsvp).queryByText('Alle Plätze sind vergeben.')).toBeNull();
    });

    it('says when the registration is closed and offers no accepting', async () => {
      show(appointmentFixture({ registration_closed: true }));
      const rsvp = await screen.findByRole('region', { name: 'Ihre Teilnahme' });
      expect(within(rsvp).getByText('Die Anmeldung ist geschlossen.')).toBeTruthy();
      expect(within(rsvp).getByRole('button', { name: 'Zusagen' }).hasAttribute('disabled')).toBe(true);
    });

    it('shows the server’s reason for a refused answer, and the generic error otherwise', async () => {
      const { calls } = show(appointmentFixture(), {
        [`PUT /appointments/${APPOINTMENT_ID}/participants/me`]: {
          status: 422,
          body: { errors: { status: ['total_attendees_exceeded'] } },
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Zusagen' }));
      expect(await screen.findByText('Alle Plätze sind bereits vergeben.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

      clearToasts();
      stubFetch({
        [`PUT /appointments/${APPOINTMENT_ID}/participants/me`]: { status: 500, body: { error: 'boom' } },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Absagen' }));
      expect(await screen.findByText('Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.')).toBeTruthy();
    });

    it('is not shown to a member who may not answer and was not asked', async () => {
      show(appointmentFixture({ can: { ...base.can, opt: false } }));
      await screen.findByRole('heading', { level: 1, name: 'Teamfrühstück' });
      expect(screen.queryByTestId('rsvp')).toBeNull();
    });
  });

  describe('participant lists', () => {
    const organizer = { id: null, name: 'organizer', display_type: 'default' as const };
    const choir = { id: '9'.repeat(24), name: 'Chor', display_type: 'grouped' as const };
    const withParticipants = appointmentFixture({
      participants: [
        participantFixture(1, 'accepted', { roles: [organizer] }),
        participantFixture(2, 'accepted', { roles: [choir] }),
        participantFixture(3, 'accepted', { roles: [choir] }),
        participantFixture(4, 'rejected'),
        participantFixture(5, 'invited', { external: true }),
        participantFixture(6, 'open'),
      ],
      participant_counts: { accepted: 3, declined: 1, invited: 4 },
    });

    it('lists the participants by status with counts, a grouped role collapsed under its name', async () => {
      show(withParticipants);
      const lists = await screen.findByRole('region', { name: 'Teilnehmende (8)' });
      const accepted = within(lists).getByRole('button', { name: 'Zugesagt 3' });
      expect(accepted.getAttribute('aria-expanded')).toBe('true');
      expect(within(lists).getByRole('button', { name: 'Abgesagt 1' })).toBeTruthy();
      expect(within(lists).getByRole('button', { name: 'Noch keine Antwort 4' })).toBeTruthy();

      expect(within(lists).getByRole('link', { name: 'Person 1' }).getAttribute('href')).toBe(
        participantFixture(1).membership.path,
      );
      expect(within(lists).getByText('Organisation')).toBeTruthy();
      expect(within(lists).getByText('Abgelehnt')).toBeTruthy();
      expect(within(lists).getByText('Gast')).toBeTruthy();
      // Two of the four without an answer are in the detail; the rest are on the participants page.
      expect(within(lists).getByText('und 2 weitere Personen')).toBeTruthy();

      // The choir's members are collapsed under the role's name.
      const role = within(lists).getByRole('button', { name: 'Chor 2' });
      expect(role.getAttribute('aria-expanded')).toBe('false');
      expect(within(lists).queryByRole('link', { name: 'Person 2' })).toBeNull();
      fireEvent.click(role);
      expect(role.getAttribute('aria-expanded')).toBe('true');
      expect(await within(lists).findByRole('link', { name: 'Person 2' })).toBeTruthy();

      expect(within(lists).getByRole('link', { name: 'Alle anzeigen' }).getAttribute('href')).toBe(
        `/appointments/${APPOINTMENT_ID}/participants`,
      );
      expect(await axeViolations()).toEqual([]);
    }, 20_000);

    it('starts every list collapsed below 640 px', async () => {
      windowWidth(375);
      show(withParticipants);
      const lists = await screen.findByRole('region', { name: 'Teilnehmende (8)' });
      for (const name of ['Zugesagt 3', 'Abgesagt 1', 'Noch keine Antwort 4']) {
        expect(within(lists).getByRole('button', { name }).getAttribute('aria-expanded')).toBe('false');
      }
      expect(within(lists).queryByRole('link', { name: 'Person 1' })).toBeNull();
      const accepted = within(lists).getByRole('button', { name: 'Zugesagt 3' });
      fireEvent.click(accepted);
      expect(accepted.getAttribute('aria-expanded')).toBe('true');
      expect(await within(lists).findByRole('link', { name: 'Person 1' })).toBeTruthy();
    });

    it('is not shown without can.show_attendees', async () => {
      show(appointmentFixture({ ...withParticipants, can: { ...base.can, show_attendees: false } }));
      await screen.findByRole('heading', { level: 1, name: 'Teamfrühstück' });
      expect(screen.queryByTestId('attendees')).toBeNull();
    });
  });

  describe('context menu', () => {
    it('offers the organiser actions as the can flags allow', async () => {
      show(appointmentFixture({ can: { ...base.can, download_attendees: true } }));
      const menu = await openMenu();
      expect(within(menu).getByRole('menuitem', { name: 'Teilnehmende kontaktieren' }).getAttribute('href')).toBe(
        `/appointments/${APPOINTMENT_ID}/contact`,
      );
      expect(within(menu).getByRole('menuitem', { name: 'Teilnehmende verwalten' }).getAttribute('href')).toBe(
        `/appointments/${APPOINTMENT_ID}/participants`,
      );
      expect(within(menu).getByRole('menuitem', { name: 'Teilnahme sperren' })).toBeTruthy();
      expect(within(menu).getByRole('menuitem', { name: 'Termin absagen' })).toBeTruthy();
      expect(within(menu).getByRole('menuitem', { name: 'Löschen' })).toBeTruthy();
      expect(within(menu).getByRole('menuitem', { name: 'Teilnehmende exportieren (CSV)' }).getAttribute('href')).toBe(
        `/appointments/${APPOINTMENT_ID}/attendees.csv`,
      );
      expect(
        within(menu).getByRole('menuitem', { name: 'Teilnehmende exportieren (Excel)' }).getAttribute('href'),
      ).toBe(`/appointments/${APPOINTMENT_ID}/attendees.xlsx`);
    });

    it('leaves out what the flags do not allow, and locking for a whole series', async () => {
      show(
        appointmentFixture({
          type: 'recurring_appointment',
          recurrence_pattern: { ...base.recurrence_pattern, recurrence_frequency: 'weekly' },
          can: { ...base.can, contact: false, update_participants: false, destroy: false },
        }),
      );
      const menu = await openMenu();
      expect(within(menu).getByRole('menuitem', { name: 'Bearbeiten' })).toBeTruthy();
      for (const name of [
        'Teilnehmende kontaktieren',
        'Teilnehmende verwalten',
        'Teilnahme sperren',
        'Termin absagen',
        'Löschen',
        'Teilnehmende exportieren (CSV)',
      ]) {
        expect(within(menu).queryByRole('menuitem', { name })).toBeNull();
      }
    });

    it('locks participation and says so', async () => {
      const locked = appointmentFixture({
        attendee_configuration: { ...base.attendee_configuration, participation_locked: true },
      });
      const { calls } = show(
        appointmentFixture(),
        { [`PATCH /appointments/${APPOINTMENT_ID}`]: { status: 200, body: locked } },
        locked,
      );
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Teilnahme sperren' }));
      expect(await screen.findByText('Die Teilnahme wurde gesperrt.')).toBeTruthy();
      expect(sent(calls, 'PATCH')).toEqual([
        {
          path: `/appointments/${APPOINTMENT_ID}`,
          body: { appointment: { attendee_configuration: { participation_locked: true } } },
        },
      ]);
      // The answer is the appointment as it now is: the RSVP widget is locked.
      expect(await screen.findByTestId('rsvp-locked')).toBeTruthy();
    });

    it('unlocks participation, and shows a failure', async () => {
      const locked = appointmentFixture({
        attendee_configuration: { ...base.attendee_configuration, participation_locked: true },
      });
      const { calls } = show(locked, {
        [`PATCH /appointments/${APPOINTMENT_ID}`]: { status: 500, body: { error: 'boom' } },
      });
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Teilnahme entsperren' }));
      expect(await screen.findByText('Die Teilnahme konnte nicht geändert werden.')).toBeTruthy();
      expect(sent(calls, 'PATCH')[0]!.body).toEqual({
        appointment: { attendee_configuration: { participation_locked: false } },
      });
    });

    it('cancels after confirmation and shows the canceled banner', async () => {
      const canceled = appointmentFixture({ canceled: true });
      const { calls } = show(
        appointmentFixture(),
        { [`POST /appointments/${APPOINTMENT_ID}/cancel`]: { status: 200, body: canceled } },
        canceled,
      );
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Termin absagen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Termin absagen' });
      expect(dialog.textContent).toContain('„Teamfrühstück“ absagen?');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Termin absagen' }));
      expect(await screen.findByText('Der Termin wurde abgesagt.')).toBeTruthy();
      expect(sent(calls, 'POST')).toEqual([{ path: `/appointments/${APPOINTMENT_ID}/cancel`, body: {} }]);
      expect(await screen.findByTestId('banner-canceled')).toBeTruthy();

      // Once canceled, cancel is disabled.
      const again = await openMenu();
      expect(within(again).getByRole('menuitem', { name: 'Termin absagen' }).hasAttribute('disabled')).toBe(true);
    });

    it('asks "this or all" before canceling an occurrence, and shows a failure', async () => {
      const occurrence = appointmentFixture({ id: OCCURRENCE_ID, type: 'virtual_appointment', series_id: SERIES_ID });
      const { calls } = show(occurrence, {
        [`POST /appointments/${OCCURRENCE_ID}/cancel`]: { status: 422, body: { error: 'already_canceled' } },
      });
      const menu = await openMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Termin absagen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Serientermin absagen' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Nur diesen Termin' }));
      expect(await screen.findByText('Der Termin konnte nicht abgesagt werden.')).toBeTruthy();
      expect(sent(calls, 'POST')).toEqual([
        { path: `/appointments/${OCCURRENCE_ID}/cancel`, body: { apply_to: 'this' } },
      ]);
    });
  });

  describe('file locks', () => {
    const lockable = { ...eventFile(1), can: { lock: true } };

    it('asks on download whether to lock the file, then locks and downloads', async () => {
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { calls } = show(appointmentFixture({ event_files: [lockable] }), {
        [`PUT /api/storage/files/${lockable.id}/lock`]: {
          status: 200,
          body: { locked_until: '2030-03-08T09:00:00.000Z', locked_by_id: 'f'.repeat(24) },
        },
      });
      fireEvent.click(await screen.findByRole('link', { name: 'Datei 1.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Datei sperren?' });
      await waitFor(() => expect(dialog.textContent).toContain('für 7 Tage sperren'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sperren und herunterladen' }));
      expect(await screen.findByText('Die Datei wurde gesperrt.')).toBeTruthy();
      expect(sent(calls, 'PUT')).toEqual([
        { path: `/api/storage/files/${lockable.id}/lock`, body: { locked_until: 'default' } },
      ]);
      expect(click).toHaveBeenCalledTimes(1);
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.getAttribute('href')).toBe(`${lockable.url}?download=1`);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('downloads without locking when the member says so', async () => {
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { calls } = show(appointmentFixture({ event_files: [lockable] }));
      fireEvent.click(await screen.findByRole('link', { name: 'Datei 1.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Datei sperren?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Herunterladen' }));
      expect(click).toHaveBeenCalledTimes(1);
      expect(sent(calls, 'PUT')).toEqual([]);
    });

    it('shows until when a file is locked, and asks nothing for it or without can.lock', async () => {
      const locked = {
        ...lockable,
        id: '2'.repeat(24),
        name: 'Gesperrt.pdf',
        locked_until: '2030-03-08T09:00:00.000Z',
      };
      show(appointmentFixture({ event_files: [locked, eventFile(3)] }));
      expect(await screen.findByText('Gesperrt bis 08.03.2030')).toBeTruthy();
      const link = screen.getByRole('link', { name: 'Gesperrt.pdf' });
      // jsdom does not navigate: a link that is not intercepted just leaves the click alone.
      expect(fireEvent.click(link)).toBe(true);
      expect(fireEvent.click(screen.getByRole('link', { name: 'Datei 3.pdf' }))).toBe(true);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
