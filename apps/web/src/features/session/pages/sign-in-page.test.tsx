import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { page, renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { SignInPage } from './sign-in-page.tsx';

const member = {
  id: 'a'.repeat(24),
  displayName: 'Max Meier',
  name: 'Max Meier',
  first_name: 'Max',
  last_name: 'Meier',
  path: `/members/${'a'.repeat(24)}`,
  images: { small: null, medium: null, large: null },
  is_external: false,
  network_admin: false,
  profile: {},
  birthday: null,
  birthday_is_today: false,
  age: null,
};

const routes = [page(<SignInPage />, '/users/sign_in'), page(<p>start page</p>, '/'), page(<p>deep page</p>, '/deep')];

describe('SignInPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('asks for both fields before sending anything', async () => {
    const calls = stubFetch({ 'GET /api/v1/session': { status: 401, body: { error: 'unauthorized' } } });
    renderRoutes(routes, '/users/sign_in');
    fireEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    expect(await screen.findAllByText('Bitte ausfüllen.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the translated answer of the server for wrong credentials', async () => {
    stubFetch({
      'GET /api/v1/session': { status: 401, body: { error: 'unauthorized' } },
      'POST /users/sign_in': { status: 401, body: { error: 'invalid_credentials' } },
    });
    renderRoutes(routes, '/users/sign_in');
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'max@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('tells a rate-limited visitor to wait', async () => {
    stubFetch({
      'GET /api/v1/session': { status: 401 },
      'POST /users/sign_in': { status: 429, body: { error: 'rate_limited' } },
    });
    renderRoutes(routes, '/users/sign_in');
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'max@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Zu viele Versuche');
  });

  it('signs in and goes to the page asked for, sending the credentials wrapped in user', async () => {
    const calls = stubFetch({
      'GET /api/v1/session': { status: 401 },
      'POST /users/sign_in': { status: 200, body: { member, csrf_token: 'token', locale: 'de' } },
    });
    const { router } = renderRoutes(routes, '/users/sign_in?redirect_to=%2Fdeep');
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'max@example.com' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deep'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      user: { email: 'max@example.com', password: 'demo-password' },
    });
  });
});
