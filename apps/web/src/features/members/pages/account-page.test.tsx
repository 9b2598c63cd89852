import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { stubFetch } from '../../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../../ui/testing.tsx';
import { AccountPage } from './account-page.tsx';

const TOKEN_PATH = '/api/v1/users/authentication_token';

describe('account page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    clearToasts();
  });

  it('creates a token when there is none, without asking', async () => {
    const calls = stubFetch({
      [`GET ${TOKEN_PATH}`]: { status: 200, body: { authentication_token: null } },
      [`POST ${TOKEN_PATH}`]: { status: 200, body: { authentication_token: 'neu' } },
    });
    renderUi(<AccountPage />, { path: '/users/edit' });
    expect(await screen.findByText('Keiner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Schlüssel entfernen' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Schlüssel erzeugen' }));
    expect(await screen.findByText('Der Schlüssel wurde erzeugt.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === TOKEN_PATH)).toBe(true);
    expect(await screen.findByText('Aktiv')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu den Kalender-Abos' }).getAttribute('href')).toBe(
      '/calendars/subscribe',
    );
  }, 20_000);

  it('renews only after a warning that the old addresses stop working', async () => {
    const calls = stubFetch({
      [`GET ${TOKEN_PATH}`]: { status: 200, body: { authentication_token: 'alt' } },
      [`POST ${TOKEN_PATH}`]: { status: 200, body: { authentication_token: 'neu' } },
    });
    renderUi(<AccountPage />, { path: '/users/edit' });
    fireEvent.click(await screen.findByRole('button', { name: 'Schlüssel erneuern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schlüssel erneuern?' });
    expect(within(dialog).getByText(/alten Schlüssel funktionieren dann nicht mehr/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Schlüssel erneuern' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Schlüssel erneuern' }));
    expect(await screen.findByText('Der Schlüssel wurde erneuert.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === TOKEN_PATH)).toBe(true);
  });

  it('removes the token after confirmation', async () => {
    const calls = stubFetch({
      [`GET ${TOKEN_PATH}`]: { status: 200, body: { authentication_token: 'alt' } },
      [`DELETE ${TOKEN_PATH}`]: { status: 200, body: { authentication_token: null } },
    });
    renderUi(<AccountPage />, { path: '/users/edit' });
    fireEvent.click(await screen.findByRole('button', { name: 'Schlüssel entfernen' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Schlüssel entfernen' }));
    expect(await screen.findByText('Der Schlüssel wurde entfernt.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === TOKEN_PATH)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Schlüssel erzeugen' })).toBeTruthy();
  });
});
