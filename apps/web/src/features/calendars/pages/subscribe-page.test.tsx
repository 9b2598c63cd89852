import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts } from '../../../ui/testing.tsx';
import { calendar, context, renderPages } from '../testing.tsx';
import { feedUrls, SubscribePage } from './subscribe-page.tsx';

const routes = [{ path: '/calendars/subscribe', element: <SubscribePage /> }];
const clipboard = vi.fn(async (_text: string) => {});

describe('subscribe page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
    clipboard.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboard }, configurable: true });
  });

  it('builds webcal and download addresses with the token', () => {
    expect(feedUrls('/calendars/my/appointments.ics', 'a b+c', 'https://agora.example:8443')).toEqual({
      webcal: 'webcal://agora.example:8443/calendars/my/appointments.ics?auth_token=a%20b%2Bc',
      download: 'https://agora.example:8443/calendars/my/appointments.ics?auth_token=a%20b%2Bc',
    });
  });

  it('offers the six feeds with copy and download', async () => {
    stubFetch({
      'GET /api/v1/calendars/context': { status: 200, body: context({ token: 'tok123' }) },
      'GET /calendars': { status: 200, body: { calendars: [calendar(1, { name: 'Vereinskalender' })] } },
    });
    renderPages(routes, '/calendars/subscribe');
    const host = window.location.host;
    const all = (await screen.findByRole('textbox', { name: 'Adresse des Abos „Alle Termine“' })) as HTMLInputElement;
    expect(all.value).toBe(`webcal://${host}/appointments.ics?auth_token=tok123`);
    const expected: Array<[string, string]> = [
      ['Meine Teilnahmen', '/appointments/participating.ics'],
      ['Meine Kalender', '/calendars/my/appointments.ics'],
      ['Geteilte Kalender', '/calendars/shared/appointments.ics'],
      ['Alle Kalender', '/calendars/all/appointments.ics'],
    ];
    for (const [feed, path] of expected) {
      const input = screen.getByRole('textbox', { name: `Adresse des Abos „${feed}“` }) as HTMLInputElement;
      expect(input.value).toBe(`webcal://${host}${path}?auth_token=tok123`);
      expect(screen.getByRole('link', { name: `„${feed}“ als iCal-Datei herunterladen` }).getAttribute('href')).toBe(
        `${window.location.origin}${path}?auth_token=tok123`,
      );
    }

    fireEvent.click(screen.getByRole('button', { name: 'Adresse von „Meine Kalender“ kopieren' }));
    await waitFor(() =>
      expect(clipboard).toHaveBeenCalledWith(`webcal://${host}/calendars/my/appointments.ics?auth_token=tok123`),
    );
    expect(await screen.findByText('URL kopiert.')).toBeTruthy();

    // One calendar: its feed appears once it is chosen.
    expect(screen.queryByRole('textbox', { name: 'Adresse des Abos „Ein Kalender“' })).toBeNull();
    fireEvent.click(screen.getByRole('textbox', { name: 'Kalender' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vereinskalender' }));
    const one = (await screen.findByRole('textbox', { name: 'Adresse des Abos „Ein Kalender“' })) as HTMLInputElement;
    expect(one.value).toBe(`webcal://${host}/calendars/${calendar(1).id}/appointments.ics?auth_token=tok123`);
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('sends a member without a token to the account page', async () => {
    stubFetch({ 'GET /api/v1/calendars/context': { status: 200, body: context({ token: null }) } });
    renderPages(routes, '/calendars/subscribe');
    const alert = await screen.findByText(
      'Um Kalender zu abonnieren, brauchen Sie einen persönlichen Abo-Schlüssel. Sie können ihn in Ihren Kontoeinstellungen erzeugen.',
    );
    expect(alert).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Kontoeinstellungen' }).getAttribute('href')).toBe('/users/edit');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
