import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentListItem } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { SERIES_ID, appointmentFixture, participantFixture } from '../../../testing/appointment-fixtures.ts';
import { AppointmentPopup } from './appointment-popup.tsx';

function itemOf(appointment: Appointment): AppointmentListItem {
  return {
    id: appointment.id,
    name: appointment.name,
    type: appointment.type,
    path: appointment.path,
    date: appointment.date,
    calendar_ids: appointment.calendar_ids,
    color: '1971c2',
    recurring: appointment.type !== 'appointment',
    canceled: appointment.canceled,
    location_name: null,
    has_meeting: false,
  };
}

function showPopup(appointment: Appointment, answers: Record<string, { status: number; body?: unknown }> = {}) {
  const calls = stubFetch({
    [`GET /appointments/${appointment.id}`]: { status: 200, body: appointment },
    ...answers,
  });
  renderUi(<AppointmentPopup item={itemOf(appointment)} onClose={() => {}} />);
  return calls;
}

describe('appointment popup: RSVP', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('answers from the popup', async () => {
    const appointment = appointmentFixture({ my_participant: { ...participantFixture(1, 'invited'), id: 'me' } });
    const calls = showPopup(appointment, {
      [`PUT /appointments/${appointment.id}/participants/me`]: { status: 200, body: appointment },
    });
    const popup = await screen.findByRole('dialog', { name: appointment.name });
    const rsvp = await within(popup).findByRole('region', { name: 'Ihre Teilnahme' });
    expect(within(rsvp).getByRole('button', { name: 'Keine Antwort' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(rsvp).getByRole('button', { name: 'Absagen' }));
    expect(await screen.findByText('Ihre Antwort wurde gespeichert.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { participant: { status: 'declined' } },
    ]);
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('asks "this or all" over the popup for an occurrence', async () => {
    const id = `r-${SERIES_ID}-20300310T1000`;
    const occurrence = appointmentFixture({
      id,
      type: 'virtual_appointment',
      series_id: SERIES_ID,
      path: `/appointments/${id}`,
    });
    const calls = showPopup(occurrence, {
      [`PUT /appointments/${id}/participants/me`]: { status: 200, body: occurrence },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zusagen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Serientermin beantworten' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nur für diesen Termin' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { participant: { status: 'accepted' }, apply_to: 'this' },
      ]),
    );
  });

  it('shows no answers to a member who may not answer and was not asked', async () => {
    const appointment = appointmentFixture({ can: { ...appointmentFixture().can, opt: false } });
    showPopup(appointment);
    const popup = await screen.findByRole('dialog', { name: appointment.name });
    await within(popup).findByText('Netzwerk');
    expect(within(popup).queryByTestId('rsvp')).toBeNull();
  });
});
