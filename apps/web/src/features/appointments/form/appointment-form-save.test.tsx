import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { FakeXhr } from '../../../ui/upload/fake-xhr.ts';
import { CALENDAR_ID, SERIES_ID, appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { SAVED_ID, choose, field, open, ready, saveButton, useFormTestSetup } from '../testing/form-harness.tsx';

// Each test renders the whole form (rich-text editor, time zone list ...): seconds in jsdom.
describe('appointment form: checking and saving', { timeout: 20_000 }, () => {
  useFormTestSetup();

  it('marks the missing name and calendars, says so in a toast, and sends nothing', async () => {
    const { calls } = open('/appointments/new');
    await ready();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Bitte prüfen Sie: Name, Kalender')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte ausfüllen.')).toBeTruthy();
    expect(screen.getByText('Bitte wählen Sie mindestens einen Kalender.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // Typing clears the field's mark.
    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    expect(field('Name').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('marks, names and focuses the end time when only the time lies before the start', async () => {
    const scrolled: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    open(`/appointments/new?calendar_id=${CALENDAR_ID}`);
    await ready();
    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    fireEvent.change(field('Endzeit'), { target: { value: '09:00' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Das Ende darf nicht vor dem Beginn liegen.')).toBeTruthy();
    // The toast names the time, not the date, and the member lands on it.
    expect(screen.getByText('Bitte prüfen Sie: Endzeit')).toBeTruthy();
    expect(field('Endzeit').getAttribute('aria-invalid')).toBe('true');
    expect(field('Enddatum').getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(field('Endzeit'));
    expect(scrolled).toContain(field('Endzeit'));
    spy.mockRestore();
  });

  it('focuses the end date the server finds before the start without opening its calendar over the message', async () => {
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    open(`/appointments/new?calendar_id=${CALENDAR_ID}`, {
      answers: {
        'POST /appointments': {
          status: 422,
          body: { error: 'validation_failed', errors: { 'date.end': ['end_lt_start'] } },
        },
      },
    });
    await ready();
    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Das Ende darf nicht vor dem Beginn liegen.')).toBeTruthy();
    expect(screen.getByText('Bitte prüfen Sie: Enddatum')).toBeTruthy();
    expect(field('Enddatum').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Enddatum'));
    // The calendar (its month navigation) is not open over the message.
    expect(screen.queryByLabelText('Vorheriger Monat')).toBeNull();
    // A click opens the calendar as usual.
    fireEvent.click(field('Enddatum'));
    expect(await screen.findByLabelText('Vorheriger Monat')).toBeTruthy();
    spy.mockRestore();
  });

  it('saves the appointment as the server takes it, then shows it', async () => {
    const { calls, router } = open(`/appointments/new?calendar_id=${CALENDAR_ID}&post_to_stream=1`);
    await ready();
    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    await choose('Wiederholen', 'Wöchentlich');
    fireEvent.change(field('PLZ'), { target: { value: '10115' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${SAVED_ID}`));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/appointments')!;
    const body = post.body as { appointment: Record<string, unknown>; apply_to?: string };
    expect(body.apply_to).toBeUndefined();
    expect(body.appointment).toMatchObject({
      name: 'Sitzung',
      calendar_ids: [CALENDAR_ID],
      date: { start: '2030-03-10T11:00', end: '2030-03-10T12:00', all_day: false, time_zone: 'Europe/Berlin' },
      recurrence_pattern: { recurrence_frequency: 'weekly', recurrence_interval: 1, recurrence_end_time: '2030-03-17' },
      location: { zip: '10115', name: null },
      application_configuration: { currency: '€', registration_deadline: null, costs: null },
      post_to_stream: true,
      event_file_ids: [],
      event_image_id: null,
    });
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
  });

  it('marks the fields the server refuses', async () => {
    open(`/appointments/new?calendar_id=${CALENDAR_ID}`, {
      answers: { 'POST /appointments': { status: 422, body: { errors: { 'date.time_zone': ['invalid'] } } } },
    });
    await ready();
    fireEvent.change(field('Name'), { target: { value: 'Sitzung' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Bitte prüfen Sie: Zeitzone')).toBeTruthy();
    expect(field('Zeitzone').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks "this or all" before saving an occurrence of a series', async () => {
    const id = `r-${SERIES_ID}-20300310T1000`;
    const occurrence: Appointment = appointmentFixture({
      id,
      type: 'virtual_appointment',
      series_id: SERIES_ID,
      recurrence_pattern: {
        recurrence_frequency: 'weekly',
        recurrence_interval: 1,
        recurrence_unit: 'daily',
        recurrence_end_time: null,
      },
    });
    const { calls, router } = open(`/appointments/${id}/edit`, {
      answers: {
        [`GET /appointments/${id}`]: { status: 200, body: occurrence },
        [`PUT /appointments/${id}`]: { status: 200, body: occurrence },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Termin bearbeiten' })).toBeTruthy();
    await ready();
    expect(field('Name').value).toBe('Teamfrühstück');
    expect(field('Startzeit').value).toBe('10:00');
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Serientermin speichern' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nur für diesen Termin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${id}`));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { apply_to: string }).apply_to).toBe('this');
    expect((put.body as { appointment: { date: unknown } }).appointment.date).toMatchObject({
      start: '2030-03-10T10:00',
      end: '2030-03-10T11:00',
    });
  });

  it('does not save when the member cancels the "this or all" question', async () => {
    const id = `r-${SERIES_ID}-20300310T1000`;
    const { calls } = open(`/appointments/${id}/edit`, {
      answers: { [`GET /appointments/${id}`]: { status: 200, body: appointmentFixture({ id, series_id: SERIES_ID }) } },
    });
    await ready();
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says so instead of a form when the member may not edit', async () => {
    const readOnly = appointmentFixture({ can: { ...appointmentFixture().can, update: false } });
    open(`/appointments/${readOnly.id}/edit`, {
      answers: { [`GET /appointments/${readOnly.id}`]: { status: 200, body: readOnly } },
    });
    expect(await screen.findByText('Sie dürfen diesen Termin nicht bearbeiten.')).toBeTruthy();
    expect(screen.queryByText('Speichern')).toBeNull();
  });

  describe('uploads', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = FakeXhr.install();
    });
    afterEach(() => restore());

    it('keeps saving disabled while a file uploads', async () => {
      open(`/appointments/new?calendar_id=${CALENDAR_ID}`);
      await ready();
      const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
      fireEvent.change(input, { target: { files: [new File(['pdf'], 'plan.pdf', { type: 'application/pdf' })] } });
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
      expect(FakeXhr.requests[0]!.url).toBe('/api/storage/files');
      expect(saveButton().disabled).toBe(true);
      act(() =>
        FakeXhr.requests[0]!.respond(201, {
          id: '7'.repeat(24),
          name: 'plan.pdf',
          type: 'application/pdf',
          size: 3,
          extension: 'pdf',
          external_id: null,
          state: 'volatile',
          token: null,
          created_at: '2030-03-10T09:20:00Z',
        }),
      );
      await waitFor(() => expect(saveButton().disabled).toBe(false));
    });
  });
});
