import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MeetingRoomAdmin } from '@agora/contracts';
import { i18n } from '../../../i18n/index.ts';
import { networkShell } from '../../../testing/network-shell.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { MeetingRoomsPage } from './meeting-rooms-page.tsx';

const room = (id: string, name: string, upcoming = 0): MeetingRoomAdmin => ({
  id: id.repeat(24),
  name,
  upcoming_bookings: upcoming,
  created_at: '2026-11-01T10:00:00Z',
  can: { update: true, destroy: true },
});

const ATRIUM = room('a', 'Atrium', 3);
const LIBRARY = room('b', 'Bibliothek');
const LIST = 'GET /administration/meeting_rooms';

const NETWORK = 'GET /api/v1/network';

function render(answers: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({ [NETWORK]: { status: 200, body: networkShell({ administrate: true }) }, ...answers });
  const view = renderUi(<MeetingRoomsPage />, { path: '/administration/meeting_rooms' });
  return { ...view, calls };
}

describe('the meeting rooms administration', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('lists the rooms with their upcoming bookings', async () => {
    render({ [LIST]: { status: 200, body: [ATRIUM, LIBRARY] } });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['NameAnstehende BuchungenAktionen', 'Atrium3', 'Bibliothek0']);
    expect(screen.getByRole('button', { name: 'Atrium umbenennen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bibliothek löschen' })).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when there is no room yet', async () => {
    render({ [LIST]: { status: 200, body: [] } });
    expect(await screen.findByText('Noch keine Meetingräume')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('adds a room, and marks a name that is taken', async () => {
    const { calls } = render({
      [LIST]: { status: 200, body: [ATRIUM] },
      'POST /administration/meeting_rooms': { status: 201, body: LIBRARY },
    });
    await screen.findByRole('table');
    const input = await screen.findByLabelText(/Name des neuen Raums/);
    fireEvent.change(input, { target: { value: 'Bibliothek' } });
    fireEvent.click(screen.getByRole('button', { name: 'Raum hinzufügen' }));
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ meeting_room: { name: 'Bibliothek' } });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    // The list is asked for again.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/administration')).length).toBe(2),
    );

    stubFetch({
      [NETWORK]: { status: 200, body: networkShell({ administrate: true }) },
      [LIST]: { status: 200, body: [ATRIUM, LIBRARY] },
      'POST /administration/meeting_rooms': { status: 422, body: { errors: { name: ['taken'] } } },
    });
    fireEvent.change(input, { target: { value: 'atrium' } });
    fireEvent.click(screen.getByRole('button', { name: 'Raum hinzufügen' }));
    expect(await screen.findByText('Dieser Name ist schon vergeben.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('renames a room in a dialog', async () => {
    const { calls } = render({
      [LIST]: { status: 200, body: [ATRIUM] },
      [`PUT /administration/meeting_rooms/${ATRIUM.id}`]: { status: 200, body: { ...ATRIUM, name: 'Aula' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Atrium umbenennen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meetingraum umbenennen' });
    const input = within(dialog).getByLabelText(/Name/);
    expect((input as HTMLInputElement).value).toBe('Atrium');
    fireEvent.change(input, { target: { value: 'Aula' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ meeting_room: { name: 'Aula' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a room once confirmed', async () => {
    const { calls } = render({
      [LIST]: { status: 200, body: [ATRIUM] },
      [`DELETE /administration/meeting_rooms/${ATRIUM.id}`]: { status: 204 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Atrium löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meetingraum löschen' });
    expect(within(dialog).getByText(/anstehenden Buchungen \(3\)/)).toBeTruthy();
    // Cancelled first: nothing happens.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Atrium löschen' }));
    const again = await screen.findByRole('dialog', { name: 'Meetingraum löschen' });
    fireEvent.click(within(again).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Erfolgreich gelöscht.')).toBeTruthy();
  });

  it('offers adding and changing only as far as the permissions go', async () => {
    render({
      [NETWORK]: { status: 200, body: networkShell({ administrate: false }) },
      [LIST]: { status: 200, body: [{ ...ATRIUM, can: { update: false, destroy: false } }] },
    });
    await screen.findByRole('table');
    expect(screen.queryByLabelText(/Name des neuen Raums/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Raum hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Atrium umbenennen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Atrium löschen' })).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    render({ [LIST]: { status: 500, body: { error: 'internal_error' } } });
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
