import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { page, renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { TwoFactorPage } from './two-factor-page.tsx';

const FACTORS = '/api/v1/authentication/factors';
const totp = { id: 'f'.repeat(24), type: 'totp', last_used_at: '2026-11-20T09:30:00.000Z' };
const codes = Array.from({ length: 10 }, (_, i) => String(1234567890 + i));
const routes = [page(<TwoFactorPage />, '/users/two_factor_authentication')];

describe('TwoFactorPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('says so where the network has not turned two-factor sign-in on', async () => {
    stubFetch({
      [`GET ${FACTORS}`]: { status: 200, body: { factors: [], available_types: [], backup_codes_left: 0 } },
    });
    renderRoutes(routes, '/users/two_factor_authentication');
    expect(await screen.findByText(/ist die Zwei-Faktor-Anmeldung nicht eingeschaltet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Authenticator-App hinzufügen' })).toBeNull();
  });

  it('adds an authenticator app: QR code and key, a code, then the backup codes once with their download', async () => {
    const calls = stubFetch({
      [`GET ${FACTORS}`]: {
        status: 200,
        body: { factors: [], available_types: ['totp', 'email'], backup_codes_left: 0 },
      },
      [`GET ${FACTORS}/new?type=totp`]: {
        status: 200,
        body: {
          provisioning_uri: 'otpauth://totp/x?secret=ABC',
          secret_key: 'JBSWY3DPEHPK3PXP',
          qr_svg: '<svg></svg>',
        },
      },
      [`POST ${FACTORS}`]: { status: 201, body: { backup_codes: codes } },
    });
    renderRoutes(routes, '/users/two_factor_authentication');
    expect(await screen.findByText('Sie haben noch keinen zweiten Faktor eingerichtet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Authenticator-App hinzufügen' }));
    expect(await screen.findByAltText('QR-Code für Ihre Authenticator-App')).toBeTruthy();
    expect(screen.getByTestId('secret-key').textContent).toBe('JBSWY3DPEHPK3PXP');

    // An empty code is not sent; letters are refused.
    const submit = screen.getByRole('button', { name: 'Aktivieren' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '12ab' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Bitte nur Ziffern eingeben.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));

    const list = await screen.findByTestId('backup-codes');
    expect(within(list).getAllByText(/^\d{10}$/)).toHaveLength(10);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'totp',
      code: '123456',
      secret_key: 'JBSWY3DPEHPK3PXP',
    });
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    URL.createObjectURL = () => 'blob:codes';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Herunterladen' }));
    HTMLAnchorElement.prototype.click = click;
    expect(clicked).toEqual(['backup_codes.txt']);
  });

  it('shows the server’s message for a wrong code and a generic error otherwise', async () => {
    stubFetch({
      [`GET ${FACTORS}`]: { status: 200, body: { factors: [totp], available_types: ['email'], backup_codes_left: 8 } },
      [`DELETE ${FACTORS}/${totp.id}`]: {
        status: 400,
        body: { error: 'invalid_code', message: 'Der Code ist ungültig. Bitte prüfen Sie ihn.' },
      },
      [`POST ${FACTORS}/${totp.id}/reset-backup-codes`]: { status: 500, body: { error: 'internal' } },
    });
    renderRoutes(routes, '/users/two_factor_authentication');
    expect(await screen.findByText('Authenticator-App')).toBeTruthy();
    expect(screen.getByText(/^20\.11\.2026 \d\d:30$/)).toBeTruthy();
    expect(screen.getByText('Noch 8 Backup-Codes.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Authenticator-App entfernen')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entfernen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Der Code ist ungültig. Bitte prüfen Sie ihn.');

    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Neue Backup-Codes' }));
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Neue Backup-Codes erstellen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toContain('ungültig'));
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('common:errors.generic'));
  });
});
