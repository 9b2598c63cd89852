import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { networkShell } from '../../../testing/network-shell.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { AdministrationGuard } from './administration-guard.tsx';

function open(administrate: boolean) {
  stubFetch({ 'GET /api/v1/network': { status: 200, body: networkShell({ administrate }) } });
  return renderRoutes(
    [{ element: <AdministrationGuard />, children: [{ path: '/administration', element: <p>the cards</p> }] }],
    '/administration',
  );
}

describe('AdministrationGuard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows a member without the permission the no-access page, not the administration', async () => {
    open(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff auf die Administration' })).toBeTruthy();
    expect(
      screen.getByText('Die Administration ist den Administratorinnen und Administratoren des Netzwerks vorbehalten.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('the cards')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });

  it('lets a network administrator in', async () => {
    open(true);
    expect(await screen.findByText('the cards')).toBeTruthy();
    expect(screen.queryByTestId('missing-forbidden')).toBeNull();
  });
});
