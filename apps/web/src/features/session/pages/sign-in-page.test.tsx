import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderRoutes, stubFetch } from '../../../testing/render.tsx';
import { member, routes, signInAs, startEachInGerman } from './sign-in-testing.tsx';

describe('SignInPage', () => {
  startEachInGerman();

  it("shows the network's texts above the form, between its fields and below it", async () => {
    stubFetch({
      'GET /api/v1/session': { status: 204 },
      'GET /api/v1/network/sign_in': {
        status: 200,
        body: {
          name: 'Acme',
          texts: { before: 'Willkommen im Intranet.', between: '', after: 'Fragen?\nDurchwahl 42' },
        },
      },
    });
    renderRoutes(routes, '/users/sign_in');
    expect(await screen.findByText('Willkommen im Intranet.')).toBeTruthy();
    expect(screen.getByText(/Durchwahl 42/)).toBeTruthy();
  });

  it('asks for both fields before sending anything', async () => {
    const calls = stubFetch({ 'GET /api/v1/session': { status: 204 } });
    renderRoutes(routes, '/users/sign_in');
    fireEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    expect(await screen.findAllByText('Bitte ausfüllen.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the translated answer of the server for wrong credentials', async () => {
    stubFetch({
      'GET /api/v1/session': { status: 204 },
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
      'GET /api/v1/session': { status: 204 },
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
      'GET /api/v1/session': { status: 204 },
      'POST /users/sign_in': { status: 200, body: { member, csrf_token: 'token', locale: 'de' } },
    });
    const { router } = renderRoutes(routes, '/users/sign_in?redirect_to=%2Fdeep');
    await signInAs();
    await waitFor(() => expect(router.state.location.pathname).toBe('/deep'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      user: { email: 'max@example.com', password: 'demo-password' },
    });
    // The language did not change, so there is nothing to say about it.
    expect(screen.queryByText(/Sprache Ihres Kontos/)).toBeNull();
  });

  it('says under the language select what the choice means for the account', async () => {
    stubFetch({ 'GET /api/v1/session': { status: 204 } });
    renderRoutes(routes, '/users/sign_in');
    const select = await screen.findByLabelText('Sprache');
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'Hat Ihr Konto eine eigene Sprache, gilt nach der Anmeldung diese; sonst wird die hier gewählte Sprache zu Ihrer.',
      ),
    ).toBeTruthy();
  });

  it('sends the language the visitor chose, and speaks the one the answer names', async () => {
    const calls = stubFetch({
      'GET /api/v1/session': { status: 204 },
      'POST /users/sign_in': { status: 200, body: { member, csrf_token: 'token', locale: 'en' } },
    });
    const { router } = renderRoutes(routes, '/users/sign_in');
    fireEvent.change(await screen.findByLabelText('Sprache'), { target: { value: 'en' } });
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'max@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      user: { email: 'max@example.com', password: 'demo-password', locale: 'en' },
    });
    expect(i18n.language).toBe('en');
    expect(screen.queryByText(/the language of your account/)).toBeNull();
  });

  it("switches to the account's own language and says so", async () => {
    stubFetch({
      'GET /api/v1/session': { status: 204 },
      'POST /users/sign_in': { status: 200, body: { member, csrf_token: 'token', locale: 'en' } },
    });
    const { router } = renderRoutes(routes, '/users/sign_in');
    await signInAs();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(i18n.language).toBe('en');
    expect(
      await screen.findByText(
        'Now in English, the language of your account. You can change it under “Language” in your profile menu.',
      ),
    ).toBeTruthy();
  });
});
