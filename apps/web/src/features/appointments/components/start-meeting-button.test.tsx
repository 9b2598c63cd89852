import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { appointmentFixture } from '../../../testing/appointment-fixtures.ts';
import { AppointmentMeeting } from './appointment-location.tsx';

const JOIN_URL = 'https://meet.example.org/atrium-abcdefghij';

function withRoom(canStart: boolean): Appointment {
  const base = appointmentFixture();
  return appointmentFixture({
    meeting: { ...base.meeting, room_id: 'a'.repeat(24), room_name: 'Atrium', join_url: canStart ? JOIN_URL : null },
    can: { ...base.can, start_meeting: canStart },
  });
}

describe('starting the meeting from the appointment', () => {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  let open: ReturnType<typeof vi.spyOn>;

  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
    tab.opener = {};
    tab.location.href = '';
    tab.close.mockClear();
    open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  });
  afterEach(() => open.mockRestore());

  it('shows the room and, where allowed, starts its meeting in a new tab', async () => {
    const appointment = withRoom(true);
    const calls = stubFetch({
      [`POST /appointments/${appointment.id}/start-meeting`]: { status: 200, body: { join_url: JOIN_URL } },
    });
    renderUi(<AppointmentMeeting appointment={appointment} />);
    expect(screen.getByText('Raum: Atrium')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Meeting starten' }));
    expect(await screen.findByText('Das Meeting wurde gestartet.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST /appointments/${appointment.id}/start-meeting`]);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe(JOIN_URL);
    expect(tab.opener).toBeNull();
  });

  it('closes the tab again and says so when the meeting cannot be started', async () => {
    const appointment = withRoom(true);
    stubFetch({
      [`POST /appointments/${appointment.id}/start-meeting`]: { status: 403, body: { error: 'forbidden' } },
    });
    renderUi(<AppointmentMeeting appointment={appointment} />);
    fireEvent.click(screen.getByRole('button', { name: 'Meeting starten' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(await screen.findByText('Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.')).toBeTruthy();
  });

  it('is not offered without can.start_meeting', () => {
    renderUi(<AppointmentMeeting appointment={withRoom(false)} />);
    expect(screen.getByText('Raum: Atrium')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Meeting starten' })).toBeNull();
  });
});
